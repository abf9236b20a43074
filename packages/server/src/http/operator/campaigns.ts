import { ErrorBody } from "@rgs/protocol/operator-api";
import {
  CAMPAIGN_MAX_DAYS,
  Campaign,
  CreateCampaignRequest,
  GRANT_BATCH_MAX,
  GrantPlayersRequest,
  GrantPlayersResponse,
  PlayerFreeRoundsRequest,
  PlayerFreeRoundsResponse,
} from "@rgs/protocol/operator-campaigns";
import { Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply } from "fastify";
import { CampaignError } from "../../campaigns/campaign-errors.ts";
import type { CampaignService } from "../../campaigns/campaign-service.ts";
import type { OperatorRepository } from "../../store/operators-repository.ts";
import { sendError } from "../error-reply.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

const error = (description: string) => ({ ...ErrorBody, description });

const CampaignId = Type.Object(
  { id: Type.String({ maxLength: 64, description: "The campaign's ID, as its creation answered it." }) },
  { additionalProperties: false },
);

const NOT_YOURS = error(
  "campaign_not_found: no campaign of yours has this ID (another operator's is not found either).",
);
const FORBIDDEN = error(
  "free_rounds_not_enabled: campaigns are not switched on for your operator; operator_not_certified (production): the latest certification of your callback URL did not pass the free-round checks.",
);

export interface CampaignRouteDeps {
  operators: Pick<OperatorRepository, "find">;
  campaigns: CampaignService;
}

/** A refused campaign request answers its own code; anything else is the error handler's. */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (caught) {
    if (caught instanceof CampaignError) return sendError(reply, caught.code, caught.message);
    throw caught;
  }
}

export function registerCampaignRoutes(scope: FastifyInstance, deps: CampaignRouteDeps): void {
  const operatorOf = async (id: string) => {
    const operator = await deps.operators.find(id);
    // Authentication found it a moment ago; an operator is never deleted.
    if (!operator) throw new Error(`operator ${id} vanished after its authentication`);
    return operator;
  };

  scope.post<{ Body: CreateCampaignRequest }>(
    "/operator/campaigns",
    {
      schema: {
        summary: "Create a free-round campaign",
        description: `Free rounds of one or more single-round or cash-out games of your packs, at a fixed bet (and fixed game parameters) in one currency, to grant to players. Idempotent by your reference: resent with the same body it answers the first campaign with 200; with another body, 409 campaign_reference_conflict. The window lasts at most ${CAMPAIGN_MAX_DAYS} days. Needs free rounds enabled for your operator and, in production, a certification with the free-round checks. Since 1.3.0.`,
        operationId: "createCampaign",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: CreateCampaignRequest,
        response: {
          200: { ...Campaign, description: "The campaign this reference created before." },
          201: { ...Campaign, description: "The campaign, created." },
          ...OPERATOR_ERROR_RESPONSES,
          400: error(
            "invalid_request (the detail names the field), unknown_game, unknown_currency, campaign_game_not_eligible (a game with added stakes, such as blackjack), campaign_bet_not_allowed (outside the currency's or your bet limits, or could pay above the maximum win), campaign_params_invalid (a game refuses the fixed parameters), invalid_campaign_window (ends before it starts or in the past), campaign_window_too_long.",
          ),
          403: error(`game_not_enabled (a game or pack that is not yours); ${FORBIDDEN.description}`),
          409: error(
            "campaign_reference_conflict: this reference names a campaign created with another body.",
          ),
        },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const { view, created } = await deps.campaigns.create(
          await operatorOf(request.operatorId),
          request.body,
        );
        return reply.code(created ? 201 : 200).send(view);
      }),
  );

  scope.get<{ Params: { id: string } }>(
    "/operator/campaigns/:id",
    {
      schema: {
        summary: "Read a campaign",
        description:
          "The campaign with its status, players and rounds granted and left, and rounds played and paid per UTC day. Since 1.3.0.",
        operationId: "getCampaign",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        params: CampaignId,
        response: { 200: Campaign, ...OPERATOR_ERROR_RESPONSES, 404: NOT_YOURS },
      },
    },
    async (request, reply) =>
      answering(reply, async () =>
        deps.campaigns.find(await operatorOf(request.operatorId), request.params.id),
      ),
  );

  scope.post<{ Params: { id: string }; Body: GrantPlayersRequest }>(
    "/operator/campaigns/:id/players",
    {
      schema: {
        summary: "Grant a campaign's free rounds to players",
        description: `Up to ${GRANT_BATCH_MAX} grants per request, each giving its player the campaign's roundsPerPlayer, each idempotent by your reference (a reference granted before answers its first grant, created false). Since 1.3.0.`,
        operationId: "grantFreeRounds",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        params: CampaignId,
        body: GrantPlayersRequest,
        response: {
          200: GrantPlayersResponse,
          ...OPERATOR_ERROR_RESPONSES,
          404: NOT_YOURS,
          409: error(
            "campaign_closed: the campaign ended or was cancelled; grant_reference_conflict: a reference of the batch was given to another player.",
          ),
        },
      },
    },
    async (request, reply) =>
      answering(reply, async () =>
        deps.campaigns.grant(await operatorOf(request.operatorId), request.params.id, request.body.players),
      ),
  );

  scope.post<{ Params: { id: string }; Body: Record<string, never> }>(
    "/operator/campaigns/:id/cancel",
    {
      schema: {
        summary: "Cancel a campaign",
        description:
          "Its unplayed rounds are not played; a free round already open is finished and paid. Cancelling again answers the campaign as it stands. Since 1.3.0.",
        operationId: "cancelCampaign",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        params: CampaignId,
        body: Type.Object({}, { additionalProperties: false, description: "An empty JSON object, signed." }),
        response: { 200: Campaign, ...OPERATOR_ERROR_RESPONSES, 404: NOT_YOURS },
      },
    },
    async (request, reply) =>
      answering(reply, async () =>
        deps.campaigns.cancel(await operatorOf(request.operatorId), request.params.id),
      ),
  );

  scope.post<{ Body: PlayerFreeRoundsRequest }>(
    "/operator/players/free-rounds",
    {
      schema: {
        summary: "A player's free rounds",
        description:
          "The player's grants of your campaigns, with the rounds left and each campaign's status; the player ID travels in the signed body. Since 1.3.0.",
        operationId: "playerFreeRounds",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: PlayerFreeRoundsRequest,
        response: { 200: PlayerFreeRoundsResponse, ...OPERATOR_ERROR_RESPONSES },
      },
    },
    async (request, reply) =>
      answering(reply, async () =>
        deps.campaigns.playerRounds(await operatorOf(request.operatorId), request.body.playerId),
      ),
  );
}
