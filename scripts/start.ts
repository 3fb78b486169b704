/**
 * `npm start`: builds the system and the playground, serves the playground on localhost and prints
 * its URL. PORT (default 30100; 0 = any free port) chooses the port; `--no-build` reuses the system
 * already built in dist/ (the playground itself is always rebuilt).
 */
import { buildSystem } from './build.js';
import { buildPlayground, servePlayground } from './playground.js';

const port = Number(process.env.PORT ?? 30100);
if (!process.argv.includes('--no-build')) await buildSystem();
await buildPlayground();
const { url } = await servePlayground(undefined, port);
console.log(
  `\nGrim-n-Gritty playground (a preview of the system's sheets and cards, not Foundry VTT):\n\n  ${url}\n\nCtrl+C stops it.`,
);
