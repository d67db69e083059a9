// Folds a V8 .cpuprofile (node --cpu-prof) into a flame graph SVG: one box per function in its call
// path, as wide as the CPU time spent in it and below it; idle time left out. Hover a box for its
// file, line and share. With --from/--to (seconds since the profile started) only the samples of
// that window count: scripts/bench/home-cpu.ts writes the window of its measured rounds beside the
// profile (window.json), so the server's start is not in the picture. React renders a tree by
// recursion, dozens of frames deep: a function already on the path is not drawn again (its time
// stays with the first), unless --keep-recursion.
//
//   node --import tsx scripts/bench/flamegraph.ts <profile.cpuprofile> <out.svg> [--from s] [--to s] [--title "…"] [--keep-recursion]
//   node --import tsx scripts/bench/flamegraph.ts <profile> --top   (the heaviest functions, as text)
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };
type Frame = { name: string; where: string; value: number; children: Map<string, Frame> };

const [input, output, ...rest] = process.argv.slice(2);
if (!input) throw new Error("usage: flamegraph.ts <profile.cpuprofile> <out.svg | --top> [--from s] [--to s] [--title text]");
const option = (name: string) => {
  const at = rest.indexOf(name);
  return at >= 0 ? rest[at + 1] : undefined;
};
const windowFile = path.join(path.dirname(input), "window.json");
const saved = existsSync(windowFile) ? (JSON.parse(readFileSync(windowFile, "utf8")) as { from: number; to: number }) : undefined;
const from = Number(option("--from") ?? saved?.from ?? 0) * 1e6;
const to = Number(option("--to") ?? saved?.to ?? Infinity) * 1e6;
const keepRecursion = rest.includes("--keep-recursion");

const profile = JSON.parse(readFileSync(input, "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** Where a frame comes from, shortened: a package's name, or the path in this repository. */
function where(frame: CallFrame): string {
  const url = frame.url.replace(/^file:\/\//, "");
  const inModules = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(url);
  if (inModules) return `${inModules[1]} ${inModules[2]}:${frame.lineNumber + 1}`;
  if (!url) return "";
  return `${url.replace(/^.*?\/(build|app|server\.mjs|scripts|mocks|node:)/, "$1")}:${frame.lineNumber + 1}`;
}
const label = (frame: CallFrame) => frame.functionName || (frame.url ? "(anonymous)" : "(program)");

// Self time per profile node within the window.
const selfTime = new Map<number, number>();
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  clock += profile.timeDeltas[index] ?? 0;
  const since = clock - profile.startTime;
  if (since < from || since > to) return;
  selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
});

const rootFrame: Frame = { name: "all", where: "", value: 0, children: new Map() };
for (const [id, time] of selfTime) {
  const stack: CallFrame[] = [];
  for (let current: number | undefined = id; current !== undefined; current = parentOf.get(current)) stack.unshift(byId.get(current)!.callFrame);
  if (stack.some((frame) => frame.functionName === "(idle)")) continue;
  let frame = rootFrame;
  frame.value += time;
  const onPath = new Set<string>();
  for (const callFrame of stack.slice(1)) {
    const key = `${label(callFrame)}\u0000${where(callFrame)}`;
    if (!keepRecursion && onPath.has(key)) continue;
    onPath.add(key);
    let child = frame.children.get(key);
    if (!child) frame.children.set(key, (child = { name: label(callFrame), where: where(callFrame), value: 0, children: new Map() }));
    child.value += time;
    frame = child;
  }
}

if (output === "--top" || !output) {
  const self = new Map<string, number>();
  const walk = (frame: Frame) => {
    const below = [...frame.children.values()].reduce((sum, child) => sum + child.value, 0);
    const key = `${frame.name} ${frame.where}`;
    self.set(key, (self.get(key) ?? 0) + frame.value - below);
    frame.children.forEach(walk);
  };
  rootFrame.children.forEach(walk);
  console.info(`${(rootFrame.value / 1000).toFixed(0)} ms of CPU`);
  for (const [key, value] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 40)) console.info(`${((value / rootFrame.value) * 100).toFixed(1).padStart(5)} %  ${key}`);
  process.exit(0);
}

// The SVG: the root at the bottom, callees above their callers.
const width = 1200;
const rowHeight = 16;
const minWidth = 0.5;
const title = option("--title") ?? path.basename(input);
let depth = 0;
const boxes: string[] = [];
const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** One colour family per kind of code, so the picture reads at a glance. */
function colour(frame: Frame): string {
  const where = frame.where;
  const hue = (seed: string, base: [number, number, number], spread: number) => {
    let hash = 0;
    for (const char of frame.name + seed) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
    const shift = (hash % spread) - spread / 2;
    return `rgb(${Math.round(base[0] + shift)},${Math.round(base[1] + shift / 2)},${Math.round(base[2])})`;
  };
  if (where.startsWith("build/") || where.startsWith("app/") || where.startsWith("server/") || where.startsWith("server.mjs") || where.startsWith("scripts/")) return hue(where, [230, 120, 50], 40);
  if (/^(react|react-dom|@remix-run|react-router)/.test(where)) return hue(where, [90, 160, 220], 40);
  if (/^(msw|@msw\/|@mswjs|@open-draft|rettime|tough-cookie|headers-polyfill|outvariant|until-async|is-node-process)/.test(where) || where.startsWith("mocks/")) return hue(where, [170, 170, 170], 30);
  if (/^(zod|i18next|pino|turbo-stream|cookie|express|compression)/.test(where)) return hue(where, [120, 190, 100], 40);
  if (where.startsWith("node:") || where === "") return hue(where, [220, 190, 70], 40);
  return hue(where, [200, 150, 180], 40);
}

function draw(frame: Frame, x: number, level: number, scale: number) {
  const boxWidth = frame.value * scale;
  if (boxWidth < minWidth) return;
  depth = Math.max(depth, level);
  const share = ((frame.value / rootFrame.value) * 100).toFixed(1);
  const text = boxWidth > 30 ? escape(frame.name.slice(0, Math.floor(boxWidth / 6.5))) : "";
  boxes.push(
    `<g><title>${escape(frame.name)} ${escape(frame.where)} — ${(frame.value / 1000).toFixed(0)} ms, ${share} %</title>` +
      `<rect x="${x.toFixed(2)}" y="{Y${level}}" width="${boxWidth.toFixed(2)}" height="${rowHeight - 1}" fill="${colour(frame)}" rx="2"/>` +
      (text ? `<text x="${(x + 3).toFixed(2)}" y="{T${level}}">${text}</text>` : "") +
      "</g>",
  );
  let childX = x;
  for (const child of [...frame.children.values()].sort((a, b) => a.name.localeCompare(b.name))) {
    draw(child, childX, level + 1, scale);
    childX += child.value * scale;
  }
}
draw(rootFrame, 10, 0, (width - 20) / rootFrame.value);
const top = 50;
const height = top + (depth + 1) * rowHeight + 40;
const svg = boxes.join("\n").replace(/\{([YT])(\d+)\}/g, (_, kind: string, level: string) => {
  const y = height - 30 - (Number(level) + 1) * rowHeight;
  return String(kind === "Y" ? y : y + rowHeight - 4);
});
const legend = [
  ["rgb(230,120,50)", "the app (build/, server/)"],
  ["rgb(90,160,220)", "React, Remix"],
  ["rgb(170,170,170)", "the mock upstream (msw)"],
  ["rgb(120,190,100)", "zod, pino, express, …"],
  ["rgb(220,190,70)", "Node"],
  ["rgb(200,150,180)", "other packages"],
]
  .map(([fill, name], index) => `<rect x="${10 + index * 195}" y="32" width="12" height="12" fill="${fill}"/><text x="${26 + index * 195}" y="42">${escape(name!)}</text>`)
  .join("");
writeFileSync(
  output,
  `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="Verdana, sans-serif" font-size="11">\n` +
    `<rect width="100%" height="100%" fill="#fff"/>\n<text x="10" y="20" font-size="15">${escape(title)} — ${(rootFrame.value / 1000).toFixed(0)} ms of CPU</text>\n${legend}\n${svg}\n</svg>\n`,
);
console.info(`${output}: ${boxes.length} boxes, ${(rootFrame.value / 1000).toFixed(0)} ms of CPU`);
