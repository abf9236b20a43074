/** The page-wide spinner while a page boots, announced politely to screen readers. */
export function LoadingScreen() {
  return (
    <div class="loading" role="status" aria-live="polite">
      <div class="spinner" />
    </div>
  );
}
