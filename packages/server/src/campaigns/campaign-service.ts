import { createHash } from "node:crypto";
import { gameForCode, type ResolvedGame } from "@rgs/games/registry";
import { type Currency, resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import {
  CAMPAIGN_MAX_DAYS,
  type Campaign as CampaignView,
  type CreateCampaignRequest,
  type GrantPlayersResponse,
  type GrantView,
  type PlayerFreeRoundsResponse,
} from "@rgs/protocol/operator-campaigns";
import type { Clock } from "../clock.ts";
import { currencyDefaultLimits, narrowLimits } from "../launch/bet-limits.ts";
import type { CertificationRepository } from "../operators/certification-repository.ts";
import type { Operator } from "../store/operators-repository.ts";
import { CampaignError } from "./campaign-errors.ts";
import type { Campaign, CampaignRepository, Grant } from "./campaign-repository.ts";

const DAY_MS = 86_400_000;

export interface CampaignServiceDeps {
  campaigns: CampaignRepository;
  /** The games of packs, by pack ID. */
  gamesOfPacks(packIds: string[]): Promise<Set<string>>;
  /** Production: whether the latest certification of the operator's callback URL passed the free-round checks. */
  certifiedForFreeRounds(operator: Operator): Promise<boolean>;
  production: boolean;
  clock: Clock;
  games?: (code: string) => ResolvedGame | undefined;
}

/**
 * Free-round campaigns through the operator API (docs/free-rounds.md): every bad input is refused with its
 * own code before anything is written; a resend under the same reference answers what the first created.
 */
export class CampaignService {
  readonly #deps: CampaignServiceDeps;
  readonly #games: (code: string) => ResolvedGame | undefined;

  constructor(deps: CampaignServiceDeps) {
    this.#deps = deps;
    this.#games = deps.games ?? gameForCode;
  }

  async create(
    operator: Operator,
    request: CreateCampaignRequest,
  ): Promise<{ view: CampaignView; created: boolean }> {
    await this.#mayRunCampaigns(operator);
    const digest = digestOf(request);
    const now = new Date(this.#deps.clock.now());
    const currency = resolveCurrency(request.currency);
    if (currency === undefined) {
      throw new CampaignError(
        "unknown_currency",
        `No currency has the code ${JSON.stringify(request.currency)}.`,
      );
    }
    const gameCodes = await this.#gamesOf(operator, request);
    const bet = this.#bet(operator, currency, request.bet);
    const params = this.#params(gameCodes, currency, bet, request.params);
    const { startsAt, endsAt } = windowOf(request, now);
    const { campaign, created } = await this.#deps.campaigns.create({
      operatorId: operator.id,
      reference: request.reference,
      requestDigest: digest,
      gameCodes,
      currency: currency.code,
      bet,
      params,
      roundsPerPlayer: request.roundsPerPlayer,
      startsAt,
      endsAt,
      createdAt: now,
    });
    if (!created && campaign.requestDigest !== digest) throw referenceTaken(request.reference);
    return { view: await this.#view(campaign), created };
  }

  async find(operator: Operator, id: string): Promise<CampaignView> {
    return this.#view(await this.#campaign(operator, id));
  }

  async cancel(operator: Operator, id: string): Promise<CampaignView> {
    await this.#campaign(operator, id);
    const cancelled = await this.#deps.campaigns.cancel(operator.id, id, new Date(this.#deps.clock.now()));
    if (!cancelled) throw notFound(id);
    return this.#view(cancelled);
  }

  async grant(
    operator: Operator,
    id: string,
    players: { playerId: string; reference: string }[],
  ): Promise<GrantPlayersResponse> {
    const campaign = await this.#campaign(operator, id);
    const now = new Date(this.#deps.clock.now());
    if (campaign.cancelledAt !== null || campaign.endsAt <= now) {
      throw new CampaignError(
        "campaign_closed",
        `Campaign ${campaign.id} ${campaign.cancelledAt ? "was cancelled" : "has ended"}: it takes no more players.`,
      );
    }
    const references = new Map<string, string>();
    for (const p of players) {
      const earlier = references.get(p.reference);
      if (earlier !== undefined && earlier !== p.playerId) throw grantTaken(p.reference);
      references.set(p.reference, p.playerId);
    }
    const unique = [...references].map(([reference, playerId]) => ({ reference, playerId }));
    const granted = await this.#deps.campaigns.grant(campaign, unique, now);
    for (const { grant } of granted) {
      if (grant.playerId !== references.get(grant.reference)) throw grantTaken(grant.reference);
    }
    const byReference = new Map(granted.map((g) => [g.grant.reference, g]));
    return {
      grants: players.map((p) => {
        const found = byReference.get(p.reference);
        if (!found) throw new Error(`grant ${p.reference} missing`);
        return grantView(found.grant, found.created);
      }),
    };
  }

  async playerRounds(operator: Operator, playerId: string): Promise<PlayerFreeRoundsResponse> {
    const now = new Date(this.#deps.clock.now());
    const rows = await this.#deps.campaigns.playerGrants(operator.id, playerId);
    return {
      playerId,
      grants: rows.map(({ grant, campaign }) => {
        const { created: _created, ...view } = grantView(grant, false);
        return {
          ...view,
          campaignReference: campaign.reference,
          campaignStatus: statusOf(campaign, now),
          endsAt: campaign.endsAt.toISOString(),
        };
      }),
    };
  }

  async #mayRunCampaigns(operator: Operator): Promise<void> {
    if (!operator.freeRounds) {
      throw new CampaignError(
        "free_rounds_not_enabled",
        "Free-round campaigns are not enabled for your operator; ask your RGS contact to switch them on.",
      );
    }
    if (this.#deps.production && !(await this.#deps.certifiedForFreeRounds(operator))) {
      throw new CampaignError(
        "operator_not_certified",
        `Campaigns in production need a passing integration-tester certification of your callback URL ${operator.callbackUrl ?? "(none)"} that includes the free-round checks; your RGS contact runs \`npm run rgs -- operator certify ${operator.id} --player <test-player-id> --free-rounds\`.`,
      );
    }
  }

  async #campaign(operator: Operator, id: string): Promise<Campaign> {
    const campaign = UUID.test(id) ? await this.#deps.campaigns.find(operator.id, id) : undefined;
    if (!campaign) throw notFound(id);
    return campaign;
  }

  /** The campaign's game codes: those named and those of the packs named, each of the operator's packs. */
  async #gamesOf(operator: Operator, request: CreateCampaignRequest): Promise<string[]> {
    const named = request.gameCodes ?? [];
    const packs = request.packs ?? [];
    if (named.length === 0 && packs.length === 0) {
      throw new CampaignError("unknown_game", "Name the campaign's games in gameCodes or packs.");
    }
    const foreign = packs.find((pack) => !operator.packs.includes(pack));
    if (foreign !== undefined) {
      throw new CampaignError("game_not_enabled", `The pack ${JSON.stringify(foreign)} is not one of yours.`);
    }
    const enabled = await this.#deps.gamesOfPacks(operator.packs);
    const fromPacks = [...(await this.#deps.gamesOfPacks(packs))].filter(
      (code) => this.#games(code)?.game.kind !== "table",
    );
    for (const code of named) {
      const resolved = this.#games(code);
      if (!resolved) throw new CampaignError("unknown_game", `No game has the code ${JSON.stringify(code)}.`);
      if (!enabled.has(code)) {
        throw new CampaignError("game_not_enabled", `The game ${code} is not in your packs.`);
      }
      if (resolved.game.kind === "table") {
        throw new CampaignError(
          "campaign_game_not_eligible",
          `${code} takes added stakes within a round: free rounds are for single-round and cash-out games.`,
        );
      }
    }
    const codes = [...new Set([...named, ...fromPacks])].sort();
    if (codes.length === 0) {
      throw new CampaignError(
        "campaign_game_not_eligible",
        "The packs named hold no single-round or cash-out game.",
      );
    }
    return codes;
  }

  /** The bet in minor units, within the currency's bet limits as the operator narrows them. */
  #bet(operator: Operator, currency: Currency, text: string): bigint {
    const parsed = parseAmount(text, currency.decimals, { allowZero: false });
    if (!parsed.ok) throw new CampaignError("campaign_bet_not_allowed", `bet: ${parsed.detail}`);
    const limits = this.#limits(operator, currency);
    if (parsed.minor < limits.minBet || parsed.minor > limits.maxBet) {
      const money = (minor: bigint) => `${formatAmount(minor, currency.decimals)} ${currency.code}`;
      throw new CampaignError(
        "campaign_bet_not_allowed",
        `The bet of ${money(parsed.minor)} is outside your bet limits, ${money(limits.minBet)} to ${money(limits.maxBet)}.`,
      );
    }
    return parsed.minor;
  }

  #limits(operator: Operator, currency: Currency) {
    const override = operator.betLimits.find((l) => l.currency === currency.code);
    return narrowLimits(currencyDefaultLimits(currency), override);
  }

  /** The fixed parameters as given, once every game of the campaign accepts them at the bet. */
  #params(gameCodes: string[], currency: Currency, bet: bigint, params: unknown): unknown {
    for (const code of gameCodes) {
      const resolved = this.#games(code);
      if (!resolved) continue;
      const { game, rtp } = resolved;
      const parsed = game.parseParams(params ?? {}, { rtp, decimals: currency.decimals });
      if (!parsed.ok) {
        throw new CampaignError(
          "campaign_params_invalid",
          `${code} refuses the parameters: ${parsed.detail}`,
        );
      }
      if (
        game.kind === "single" &&
        game.maxPayout(parsed.value, bet, rtp) > currencyDefaultLimits(currency).maxWin
      ) {
        throw new CampaignError(
          "campaign_bet_not_allowed",
          `${code} could pay more than the maximum win at this bet with these parameters.`,
        );
      }
    }
    return params;
  }

  async #view(campaign: Campaign): Promise<CampaignView> {
    const [totals, days] = await Promise.all([
      this.#deps.campaigns.totals(campaign.id),
      this.#deps.campaigns.days(campaign.id),
    ]);
    const currency = resolveCurrency(campaign.currency);
    const decimals = currency?.decimals ?? 2;
    return {
      campaignId: campaign.id,
      reference: campaign.reference,
      gameCodes: campaign.gameCodes,
      currency: campaign.currency,
      bet: formatAmount(campaign.bet, decimals),
      ...(campaign.params !== undefined && { params: campaign.params }),
      roundsPerPlayer: campaign.roundsPerPlayer,
      startsAt: campaign.startsAt.toISOString(),
      endsAt: campaign.endsAt.toISOString(),
      status: statusOf(campaign, new Date(this.#deps.clock.now())),
      ...totals,
      days: days.map((d) => ({
        day: d.day,
        roundsPlayed: d.roundsPlayed,
        paid: formatAmount(d.paid, decimals),
      })),
    };
  }
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function statusOf(campaign: Campaign, now: Date): CampaignView["status"] {
  if (campaign.cancelledAt !== null) return "cancelled";
  if (campaign.endsAt <= now) return "ended";
  return campaign.startsAt > now ? "scheduled" : "active";
}

function windowOf(request: CreateCampaignRequest, now: Date): { startsAt: Date; endsAt: Date } {
  const startsAt = request.startsAt === undefined ? now : new Date(request.startsAt);
  const endsAt = new Date(request.endsAt);
  if (Number.isNaN(startsAt.getTime()) || Number.isNaN(endsAt.getTime())) {
    throw new CampaignError("invalid_campaign_window", "startsAt and endsAt must be ISO 8601 instants.");
  }
  if (endsAt <= startsAt || endsAt <= now) {
    throw new CampaignError(
      "invalid_campaign_window",
      `The window ${startsAt.toISOString()} to ${endsAt.toISOString()} must end after it starts, and in the future.`,
    );
  }
  if (endsAt.getTime() - startsAt.getTime() > CAMPAIGN_MAX_DAYS * DAY_MS) {
    throw new CampaignError(
      "campaign_window_too_long",
      `A campaign runs at most ${CAMPAIGN_MAX_DAYS} days from its start.`,
    );
  }
  return { startsAt, endsAt };
}

/** What a resend must repeat: the request as sent, keys in a fixed order. */
function digestOf(request: CreateCampaignRequest): string {
  const canonical = JSON.stringify(request, (_key, value: unknown) =>
    value !== null && typeof value === "object" && !Array.isArray(value)
      ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => (a < b ? -1 : 1)))
      : value,
  );
  return createHash("sha256").update(canonical).digest("hex");
}

function grantView(grant: Grant, created: boolean): GrantView {
  return {
    grantId: grant.id,
    campaignId: grant.campaignId,
    playerId: grant.playerId,
    reference: grant.reference,
    rounds: grant.rounds,
    roundsRemaining: grant.roundsRemaining,
    created,
  };
}

const notFound = (id: string) =>
  new CampaignError(
    "campaign_not_found",
    `You have no campaign with the ID ${JSON.stringify(id.slice(0, 80))}.`,
  );

const referenceTaken = (reference: string) =>
  new CampaignError(
    "campaign_reference_conflict",
    `The reference ${JSON.stringify(reference)} names a campaign you created with other settings; a resend must repeat them.`,
  );

const grantTaken = (reference: string) =>
  new CampaignError(
    "grant_reference_conflict",
    `The grant reference ${JSON.stringify(reference)} was given to another player in this campaign.`,
  );

/**
 * Whether the latest tester run against the operator's current callback URL passed and ran the free-round
 * checks, none failing: the gate of campaigns in production, beside the one of real play.
 */
export async function certifiedForFreeRounds(
  certifications: Pick<CertificationRepository, "latestFor">,
  operator: Operator,
): Promise<boolean> {
  if (!operator.callbackUrl) return false;
  const latest = await certifications.latestFor(operator.id, operator.callbackUrl);
  const free = latest?.categories.find((category) => category.category === "Free Rounds");
  return latest?.passed === true && free !== undefined && free.pass > 0 && free.fail === 0;
}
