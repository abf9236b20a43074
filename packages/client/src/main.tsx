import { render } from "preact";
import { replayTokenOf } from "./api/replay.ts";
import { App } from "./shell/App.tsx";
import { readLaunchParams, withoutToken } from "./shell/launch-params.ts";

const root = document.getElementById("app");
const replayToken = replayTokenOf(window.location.pathname);

if (replayToken !== null) {
  // A replay link's page (/replay/<token>): no session; its screen is a chunk of its own.
  const urlLanguage = new URL(window.location.href).searchParams.get("lang");
  void import("./replay/ReplayApp.tsx").then(({ ReplayApp }) => {
    if (root) render(<ReplayApp token={replayToken} urlLanguage={urlLanguage} />, root);
  });
} else {
  const launch = readLaunchParams(window.location.href);
  // The token stays in memory only: the visible address loses it before anything else runs.
  if (launch.token !== null)
    window.history.replaceState(window.history.state, "", withoutToken(window.location.href));
  if (root) render(<App launch={launch} />, root);
}
