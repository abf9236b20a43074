import { GAMES } from "@rgs/protocol/catalog";
import type { Clock } from "../clock.ts";
import { DEFAULT_PACK_ID, type Store } from "../store/database.ts";
import type { Operator } from "../store/operators-repository.ts";
import type { Pack } from "../store/packs-repository.ts";
import { OperatorError } from "./operator-error.ts";
import { validateGameCodes, validateName, validatePackId } from "./validation.ts";

export type { Pack } from "../store/packs-repository.ts";

const CATALOG_ORDER: ReadonlyMap<string, number> = new Map(GAMES.map((g, i) => [g.code, i]));

/**
 * Packs group games; an operator offers the games of every pack assigned to it. The default pack
 * mirrors the catalog (synced whenever a store opens), so it cannot be edited by hand.
 */
export class PackService {
  readonly #store: Store;
  readonly #clock: Clock;

  constructor(deps: { store: Store; clock: Clock }) {
    this.#store = deps.store;
    this.#clock = deps.clock;
  }

  async list(): Promise<Pack[]> {
    return (await this.#store.packs.list()).map(inCatalogOrder);
  }

  async get(id: string): Promise<Pack | undefined> {
    const pack = await this.#store.packs.find(id);
    return pack && inCatalogOrder(pack);
  }

  async create(input: { id: string; name: string; games?: string[] }): Promise<Pack> {
    const id = validatePackId(input.id);
    const name = validateName(input.name);
    const games = validateGameCodes(input.games ?? []);
    const created = await this.#store.packs.create({ id, name, games, now: new Date(this.#clock.now()) });
    if (!created)
      throw new OperatorError("pack_exists", `A pack with the id ${JSON.stringify(id)} exists already.`);
    await this.#store.audit.record({ operatorId: null, kind: "pack.created", data: { id, name, games } });
    return this.#existing(id);
  }

  async addGames(id: string, codes: string[]): Promise<Pack> {
    await this.#editable(id);
    const games = validateGameCodes(codes);
    await this.#store.packs.addGames(id, games);
    await this.#store.audit.record({ operatorId: null, kind: "pack.games_added", data: { id, games } });
    return this.#existing(id);
  }

  /** Codes must be catalog games or games of the pack (a game since dropped from the catalog can be removed). */
  async removeGames(id: string, codes: string[]): Promise<Pack> {
    const pack = await this.#editable(id);
    if (!Array.isArray(codes) || codes.some((code) => typeof code !== "string")) {
      throw new OperatorError("invalid_games", "Game codes must be a list of strings.");
    }
    const games = [...new Set(codes)];
    const strays = games.filter((code) => !pack.games.includes(code));
    if (strays.length > 0) validateGameCodes(strays);
    await this.#store.packs.removeGames(id, games);
    await this.#store.audit.record({ operatorId: null, kind: "pack.games_removed", data: { id, games } });
    return this.#existing(id);
  }

  async assign(packId: string, operatorId: string): Promise<Operator> {
    await this.#existing(packId);
    await this.#operator(operatorId);
    await this.#store.packs.assign(packId, operatorId);
    await this.#store.audit.record({ operatorId, kind: "pack.assigned", data: { pack: packId } });
    return this.#operator(operatorId);
  }

  async unassign(packId: string, operatorId: string): Promise<Operator> {
    await this.#existing(packId);
    await this.#operator(operatorId);
    await this.#store.packs.unassign(packId, operatorId);
    await this.#store.audit.record({ operatorId, kind: "pack.unassigned", data: { pack: packId } });
    return this.#operator(operatorId);
  }

  async #existing(id: string): Promise<Pack> {
    const pack = typeof id === "string" ? await this.get(id) : undefined;
    if (!pack) throw new OperatorError("unknown_pack", `No such pack: ${JSON.stringify(id)}.`);
    return pack;
  }

  async #editable(id: string): Promise<Pack> {
    const pack = await this.#existing(id);
    if (pack.id === DEFAULT_PACK_ID) {
      throw new OperatorError(
        "default_pack_read_only",
        `The ${DEFAULT_PACK_ID} pack always holds the whole catalog; create another pack for a selection.`,
      );
    }
    return pack;
  }

  async #operator(id: string): Promise<Operator> {
    const operator = typeof id === "string" ? await this.#store.operators.find(id) : undefined;
    if (!operator)
      throw new OperatorError("unknown_operator", `No operator has the ID ${JSON.stringify(id)}.`);
    return operator;
  }
}

/** Catalog games in catalog order, then codes the catalog no longer has. */
function inCatalogOrder(pack: Pack): Pack {
  const rank = (code: string) => CATALOG_ORDER.get(code) ?? Number.MAX_SAFE_INTEGER;
  return { ...pack, games: [...pack.games].sort((a, b) => rank(a) - rank(b) || a.localeCompare(b)) };
}
