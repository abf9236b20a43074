/**
 * The play shortcut (Space or Enter) must not steal keys from the control that has the focus: typing in
 * a field, pressing a focused button, choosing in a list.
 */
const OWN_KEYS = new Set(["INPUT", "TEXTAREA", "SELECT", "BUTTON", "A", "SUMMARY"]);

export function isShortcutTarget(target: EventTarget | null): boolean {
  if (!target || typeof (target as Element).tagName !== "string") return true;
  const element = target as HTMLElement;
  if (OWN_KEYS.has(element.tagName)) return false;
  if (element.isContentEditable) return false;
  const role = element.getAttribute("role");
  return !(
    role && /^(button|checkbox|radio|switch|tab|option|slider|spinbutton|textbox|menuitem|link)$/.test(role)
  );
}
