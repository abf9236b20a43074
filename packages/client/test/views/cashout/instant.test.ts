import { safeTiles } from "@rgs/games/games/mines/ladder";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import * as mines from "../../../src/views/mines/index.tsx";
import { readMines, togglePick as toggleTile } from "../../../src/views/mines/params.ts";
import * as towers from "../../../src/views/towers/index.tsx";
import { readTowers, togglePick as togglePickOfRow, validPicks } from "../../../src/views/towers/params.ts";
import { parse, playView } from "../rounds.ts";

describe("Mines instant mode", () => {
  it("picks and unpicks tiles, never more than the board has gems", () => {
    let choice = { mines: 22, tiles: [] as number[] };
    for (const tile of [4, 9, 4, 7, 1, 2]) choice = toggleTile(choice, tile) as typeof choice;
    expect(choice.tiles).toEqual([9, 7, 1]);
    expect(safeTiles(22)).toBe(3);
    expect(toggleTile(choice, 9).tiles).toEqual([7, 1]);
  });

  it("reads only distinct tiles of the board, as many as it has gems", () => {
    expect(readMines({ mines: 23, tiles: [3, 3, 30, -1, 1.5, 8, 9] })).toEqual({ mines: 23, tiles: [3, 8] });
    expect(readMines({ mines: 3 })).toEqual({ mines: 3 });
  });

  it("asks for a pick before the bet and lets autobet play instant rounds only", () => {
    expect(mines.missingChoice({ mines: 3, tiles: [] })).toBe("games.mines.pickTiles");
    expect(mines.missingChoice({ mines: 3, tiles: [5] })).toBeUndefined();
    expect(mines.missingChoice({ mines: 3 })).toBeUndefined();
    expect(mines.resolvesAtOnce({ mines: 3, tiles: [5] })).toBe(true);
    expect(mines.resolvesAtOnce({ mines: 3 })).toBe(false);
  });

  it("sends picks the game accepts, and the round ends with the bet", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 24 }),
        fc.uniqueArray(fc.integer({ min: 0, max: 24 }), { minLength: 1, maxLength: 24 }),
        fc.nat(1000),
        (count, picks, nonce) => {
          let choice = { mines: count, tiles: [] as number[] };
          for (const tile of picks) choice = toggleTile(choice, tile) as typeof choice;
          expect(parse("mines-alpha", choice).parsed.ok).toBe(true);
          const view = playView<{ status: string; revealed: number[] }>("mines-alpha", choice, nonce);
          expect(view.status).not.toBe("open");
          expect(choice.tiles.slice(0, view.revealed.length)).toEqual(view.revealed);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("Towers instant mode", () => {
  it("takes a pick in the next row, changes a picked row, and unpicks from a row up", () => {
    let choice = { difficulty: "easy" as const, picks: [] as number[] };
    choice = togglePickOfRow(choice, 1, 0) as typeof choice;
    expect(choice.picks).toEqual([]);
    for (const [row, tile] of [
      [0, 2],
      [1, 0],
      [2, 3],
    ] as const)
      choice = togglePickOfRow(choice, row, tile) as typeof choice;
    expect(choice.picks).toEqual([2, 0, 3]);
    expect(togglePickOfRow(choice, 1, 1).picks).toEqual([2, 1, 3]);
    expect(togglePickOfRow(choice, 1, 0).picks).toEqual([2]);
  });

  it("keeps the picks a narrower difficulty still has", () => {
    expect(validPicks("medium", [1, 0, 3, 1])).toEqual([1, 0]);
    expect(readTowers({ difficulty: "hard", picks: [0, 1, "x", 1] })).toEqual({
      difficulty: "hard",
      picks: [0, 1],
    });
  });

  it("asks for a pick before the bet, and the game accepts the picks and ends the round with the bet", () => {
    expect(towers.missingChoice({ difficulty: "easy", picks: [] })).toBe("games.towers.pickTiles");
    expect(towers.resolvesAtOnce({ difficulty: "easy", picks: [0] })).toBe(true);
    expect(towers.resolvesAtOnce({ difficulty: "easy" })).toBe(false);
    for (const difficulty of ["easy", "medium", "hard", "expert", "master"]) {
      const params = { difficulty, picks: validPicks(difficulty as "easy", [0, 1, 0, 1, 0, 1, 0, 1, 0]) };
      expect(parse("towers-alpha", params).parsed.ok, difficulty).toBe(true);
      expect(playView<{ status: string }>("towers-alpha", params, 3).status).not.toBe("open");
    }
  });
});
