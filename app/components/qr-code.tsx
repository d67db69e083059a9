/**
 * A QR code drawn by the server (lib/qr.server.ts) as one SVG path: black on white with a quiet
 * zone of four modules, as scanners expect, scaled to the box it is given.
 */
export function QrCode({ size, path, label }: { size: number; path: string; label: string }) {
  const quiet = 4;
  const side = size + quiet * 2;
  return (
    <svg className="qr-code" viewBox={`${-quiet} ${-quiet} ${side} ${side}`} role="img" aria-label={label} shapeRendering="crispEdges">
      <rect x={-quiet} y={-quiet} width={side} height={side} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
