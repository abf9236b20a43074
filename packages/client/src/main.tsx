import { render } from "preact";
import { App } from "./shell/App.tsx";
import { readLaunchParams, withoutToken } from "./shell/launch-params.ts";

const launch = readLaunchParams(window.location.href);
// The token stays in memory only: the visible address loses it before anything else runs.
if (launch.token !== null)
  window.history.replaceState(window.history.state, "", withoutToken(window.location.href));

const root = document.getElementById("app");
if (root) render(<App launch={launch} />, root);
