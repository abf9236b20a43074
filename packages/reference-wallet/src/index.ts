export { buildWalletApp, type WalletAppOptions } from "./app.ts";
export { ConfigError, loadConfig, type SeedPlayer, type WalletConfig } from "./config.ts";
export { FAULT_MODES, type Fault, type FaultMode } from "./faults.ts";
export { createWallet, type RunningWallet, startWallet, type Wallet } from "./wallet.ts";
