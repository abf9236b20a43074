/**
 * The responsible-gambling links the operator set (its help page and the player's limits page), one tap away
 * from every screen in the top bar. They open in a new tab so the game and its round stay where they are.
 */
import { useState } from "preact/hooks";
import type { Translate } from "../../i18n/index.ts";
import type { ResponsibleLinks } from "../protection.ts";
import { Icon } from "./Icon.tsx";

export function SafetyMenu(props: { t: Translate; links: ResponsibleLinks }) {
  const { t, links } = props;
  const [open, setOpen] = useState(false);
  const entries = [
    ["responsibleGambling", links.responsibleGambling],
    ["limits", links.limits],
  ] as const;
  if (!links.responsibleGambling && !links.limits) return null;
  return (
    <div class="help">
      <button
        type="button"
        class="button button-ghost button-icon"
        aria-expanded={open}
        aria-controls="shell-safety"
        aria-label={t("shell.safety.label")}
        title={t("shell.safety.label")}
        data-testid="safety-menu"
        onClick={() => setOpen(!open)}
        onKeyDown={(event) => {
          if (event.key === "Escape") setOpen(false);
        }}
      >
        <Icon name="safety" />
      </button>
      {open && (
        <ul class="help-popover safety-links" id="shell-safety">
          {entries.map(
            ([name, href]) =>
              href && (
                <li key={name}>
                  <a href={href} target="_blank" rel="noreferrer noopener" data-testid={`safety-${name}`}>
                    {t(`shell.safety.${name}`)}
                  </a>
                </li>
              ),
          )}
        </ul>
      )}
    </div>
  );
}
