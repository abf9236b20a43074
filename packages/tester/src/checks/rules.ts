/** The rules findings cite: the SPEC section and rule, or the tester's own documented rule. */
export const RULES = {
  happyPath:
    'SPEC "Integration tester", Happy Path: authenticate, debit, credit, zero-amount credit, balance, rollback, full round flows all succeed',
  idempotency:
    'SPEC "Integration tester", Idempotency: the same transactionId sent twice for debit, credit, rollback never moves money twice',
  replaySameAnswer:
    'SPEC "Wallet callback endpoints", rule 1: a repeated request with an already processed transactionId returns the same successful response and applies nothing again',
  duplicateParameters:
    'SPEC "Wallet callback endpoints", rule 2: reuse of a transactionId with different parameters: ERROR_DUPLICATE_TRANSACTION is recommended; answering with the original result is also accepted; money never moves again',
  rollbackReplay:
    'SPEC "Integration tester", Idempotency: a replayed rollback answers HTTP 200 with OK or ERROR_TRANSACTION_DOES_NOT_EXIST',
  rollbackUnknown:
    'SPEC "Wallet callback endpoints", rule 4: a rollback for an unknown reverseTransactionId is answered as a success (OK); ERROR_TRANSACTION_DOES_NOT_EXIST is also accepted, with HTTP 200',
  lateDebit:
    'SPEC "Wallet callback endpoints", rule 5: a debit arriving after a confirmed rollback of the same transaction must not move money',
  zeroCredit:
    'SPEC "Wallet callback endpoints", rule 6: a credit of 0 with roundClosed true is answered OK with the current balance',
  severalPerRound:
    'SPEC "Wallet callback endpoints", rule 7: a wallet must accept several debits and several credits for one roundId',
  http200:
    'SPEC "Wallet callback endpoints", rule 8: every callback is answered with HTTP 200, including errors, which go into status',
  notEnoughMoney:
    'SPEC "Integration tester", Error Handling: a debit of one unit above the balance is refused (any refusal passes, but only HTTP 200 with ERROR_NOT_ENOUGH_MONEY avoids a warning)',
  unknownPlayer:
    'SPEC "Integration tester", Error Handling: an unknown player on authenticate is refused; SPEC "Errors": refused with an error status',
  signatureRefused:
    'SPEC "Authentication", rule 3: the wallet refuses a callback with a wrong signature, an expired timestamp, or a body changed after signing (non-200 status, 401 recommended, or HTTP 200 with status ERROR_INVALID_SIGNATURE)',
  timestamp60:
    'SPEC "Authentication", rule 4: a timestamp 60 seconds old may be accepted (a tester warning, not a failure); older ones are to be refused',
  signedPath:
    'SPEC "Authentication": the signed input is timestamp + request path + request body; docs/signing.md: a callback signs its full path, callback base URL prefix included',
  requestIdEcho:
    'SPEC "Wallet callback records", general rules: requestId in each response echoes the request\'s requestId',
  decimalStrings:
    'SPEC "Wallet callback records", general rules: amounts and balances are decimal strings; balance is required when status is OK',
  balanceAfter:
    'SPEC "Wallet callback records": the balance of a debit, credit or rollback response is the balance after it',
  statusList:
    'SPEC "Errors", wallet callback status codes: every callback response carries one of the listed status values',
  authenticateResponse:
    'SPEC "Wallet callback records", Authenticate response: accountCurrency, when present, must equal the request currency; excluded true refuses the launch, and an excluded that is not a JSON boolean refuses it too',
  rounds:
    'SPEC "States and transitions": a round is opened by a debit, may take extra debits, and is closed by a credit or rollback with roundClosed true',
  blackjack:
    'SPEC "Integration tester": the multi-debit round uses blackjack-leo (an extra debit for a double)',
  rollbackReverses:
    'SPEC "States and transitions": a rollback reverses the referenced debit if it was applied',
  attack: (what: string) =>
    `SPEC "Integration tester", Attack Vectors: ${what} are handled safely; tester rule (docs/tester.md)`,
  edge: (what: string) => `SPEC "Integration tester", Edge Cases: ${what}; tester rule (docs/tester.md)`,
  ordering: (what: string) => `SPEC "Integration tester", Debit/Rollback Ordering: ${what}`,
  tester: (what: string) => `Tester rule (docs/tester.md): ${what}`,
} as const;

/** The shared tester rule for hostile or unusual input, cited by several checks. */
export const SAFE_HANDLING =
  "handled safely means a clean answer (HTTP 200 with a status, or a 4xx) and no money moved other than exactly what an accepted request says";
