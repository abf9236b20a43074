/** Line icons drawn inline (no icon font or emoji font needed); decorative, the buttons carry the names. */
const PATHS = {
  soundOn: "M4 9h4l5-4v14l-5-4H4z M16 9a4 4 0 0 1 0 6 M18.5 6.5a8 8 0 0 1 0 11",
  soundOff: "M4 9h4l5-4v14l-5-4H4z M16 9l5 6 M21 9l-5 6",
  motionOn: "M13 3L5 14h6l-1 7 8-11h-6z",
  motionOff: "M5 5l7 7-7 7z M13 5l7 7-7 7z",
  help: "M9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14 M12 17.5v.5",
  back: "M15 5l-7 7 7 7",
  verify: "M12 3l7 3v5c0 4.5-3 8.5-7 10-4-1.5-7-5.5-7-10V6z M9 12l2 2 4-4",
  replay: "M8 5v14l11-7z",
  safety: "M12 21s-7-4.5-7-10a4 4 0 0 1 7-2.6A4 4 0 0 1 19 11c0 5.5-7 10-7 10z",
} as const;

export function Icon({ name }: { name: keyof typeof PATHS }) {
  return (
    <svg
      width="18"
      height="18"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      stroke-width="2"
      stroke-linecap="round"
      stroke-linejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
