/**
 * The pay button's colours from the plugin's configuration (docs/payment.md estilo.boton: fondo
 * background, color text, bordeRadius), as a class and its CSS rule (served in a <style> with
 * the page's nonce). WCAG wins over configuration: colours that are not plain hex, or whose
 * contrast is below 4.5:1 (1.4.3), leave the site's own pay button (#1471CE, the spec's default).
 */
export type ButtonConfig = { background?: string; color?: string; borderRadius?: string } | undefined;

const HEX = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;
const RADIUS = /^\d{1,2}(\.\d+)?(px|rem|em)$/;

function luminance(hex: string): number {
  const full = hex.length === 4 ? hex.replace(/^#(.)(.)(.)$/, "#$1$1$2$2$3$3") : hex;
  const [r, g, b] = [1, 3, 5].map((index) => {
    const channel = parseInt(full.slice(index, index + 2), 16) / 255;
    return channel <= 0.03928 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

export function contrastRatio(foreground: string, background: string): number {
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return (light! + 0.05) / (dark! + 0.05);
}

export function buttonStyle(button: ButtonConfig): { className: string; css: string } | null {
  if (!button) return null;
  const { background, color, borderRadius } = button;
  const colours = background && color && HEX.test(background) && HEX.test(color) && contrastRatio(color, background) >= 4.5;
  const radius = borderRadius && RADIUS.test(borderRadius);
  if (!colours && !radius) return null;
  const rules = [colours ? `background:${background};border-color:${background};color:${color}` : null, radius ? `border-radius:${borderRadius}` : null].filter(Boolean).join(";");
  return { className: "checkout-pay--custom", css: `.checkout-pay--custom{${rules}}` };
}
