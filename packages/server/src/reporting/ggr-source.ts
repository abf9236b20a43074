import { type RawBuilder, sql } from "kysely";

/**
 * The real-money wallet transactions the wallet confirmed in [from, to), hot or archived, with what the
 * GGR report groups and counts them by. Demo rounds never reach the report. A debit is a bet and a credit
 * a win at the moment the wallet confirmed it; the opening debit (seq 0) opens a round. A rollback moves
 * money back only when it reverses a confirmed debit and the wallet applied it (`refund`); the usual
 * rollback reverses a debit whose answer never arrived, which never counted as a bet, and one answered
 * ERROR_TRANSACTION_DOES_NOT_EXIST reverses nothing. A transaction of a free round (`free_round`: its round
 * took a grant's round) belongs to the bonus line beside GGR, never to the paid play's bets and wins.
 */
export function confirmedTransactions(window: {
  from: Date;
  to: Date;
  operatorId?: string;
}): RawBuilder<unknown> {
  const hotOperator = window.operatorId === undefined ? sql`` : sql`and r.operator_id = ${window.operatorId}`;
  return sql`
    select t.transaction_id, t.kind, t.amount, t.seq, t.completed_at, t.round_id,
      r.operator_id, r.game_code, r.currency, r.player_id, ${freeRound},
      (t.kind = 'rollback' and ${applied} and exists (
        select 1 from wallet_transactions d where d.transaction_id = t.reverse_transaction_id and d.status = 'ok'
      )) as refund
    from wallet_transactions t join rounds r on r.id = t.round_id
    where t.status = 'ok' and t.completed_at >= ${window.from} and t.completed_at < ${window.to}
      and r.mode = 'real' ${hotOperator}
    union all
    select t.transaction_id, t.kind, t.amount, t.seq, t.completed_at, t.round_id,
      r.operator_id, r.game_code, r.currency, r.player_id, ${freeRound},
      (t.kind = 'rollback' and ${applied} and exists (
        select 1 from wallet_transactions_history d
        where d.transaction_id = t.reverse_transaction_id and d.round_finished_at = t.round_finished_at
          and d.status = 'ok'
      )) as refund
    from wallet_transactions_history t
      join rounds_history r on r.id = t.round_id and r.finished_at = t.round_finished_at
    where t.status = 'ok' and t.completed_at >= ${window.from} and t.completed_at < ${window.to}
      and t.round_finished_at >= ${window.from} and r.mode = 'real' ${hotOperator}`;
}

/** The round was a free round: it took a round of a grant (free_round_plays, kept beside hot and history). */
const freeRound = sql`exists (select 1 from free_round_plays f where f.round_id = t.round_id) as free_round`;

/** The wallet applied the callback: anything but ERROR_TRANSACTION_DOES_NOT_EXIST (answered to a rollback). */
const applied = sql`coalesce(t.answer->>'status', 'OK') <> 'ERROR_TRANSACTION_DOES_NOT_EXIST'`;
