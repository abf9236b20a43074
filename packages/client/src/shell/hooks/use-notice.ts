/**
 * The message line of the game screen: failures in the player's language (never a code), information such
 * as a payout still being booked, and the session's end, which the shell shows as a dialog instead.
 */
import { useCallback, useMemo, useState } from "preact/hooks";
import { ApiError } from "../../api/errors.ts";
import type { Translate } from "../../i18n/index.ts";
import { type Notice, type NoticeContext, noticeFor } from "../notice.ts";

export interface Notices {
  notice: Notice | null;
  show(notice: Notice | null): void;
  /** A failure: said in words; a session that ended ends the game instead. */
  showError(error: unknown): void;
  /** The session ended (a refusal said so, or its refresh failed for good). */
  ended: boolean;
  end(): void;
}

export function useNotices(t: Translate, context: Omit<NoticeContext, "t">, onError?: () => void): Notices {
  const [notice, setNotice] = useState<Notice | null>(null);
  const [ended, setEnded] = useState(false);
  const end = useCallback(() => setEnded(true), []);
  const full = useMemo(() => ({ ...context, t }), [t, context.minBet, context.maxBet, context.maxWin]);
  const showError = useCallback(
    (error: unknown) => {
      onError?.();
      if (error instanceof ApiError && error.sessionEnded) {
        setEnded(true);
        return;
      }
      setNotice(
        error instanceof ApiError
          ? noticeFor(error, full)
          : { text: t("shell.error.generic"), tone: "error" },
      );
    },
    [full, onError, t],
  );
  return { notice, show: setNotice, showError, ended, end };
}
