import QRCode from "qrcode";

/**
 * A QR code as SVG path data, drawn on the server (the `qrcode` library's encoder; docs/esim.md
 * "QR"): the browser gets a few hundred bytes of markup and no code. One `h1v1h-1z` square per
 * dark module; `size` is the modules per side (the quiet zone is the viewer's to add).
 */
export type QrDrawing = { size: number; path: string };

export function drawQr(text: string): QrDrawing {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: "M" });
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row += 1) {
    for (let column = 0; column < modules.size; column += 1) {
      if (modules.get(row, column)) parts.push(`M${column} ${row}h1v1h-1z`);
    }
  }
  return { size: modules.size, path: parts.join("") };
}
