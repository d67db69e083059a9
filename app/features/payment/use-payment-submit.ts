import { useNavigation, useSubmit } from "@remix-run/react";
import { useState } from "react";
import { funnel } from "~/features/tracking/funnel";

/** The intents that charge: while one is on its way, the pay buttons are disabled and the progress shows. */
const CHARGING = new Set(["pay", "hosted-pay", "paypal-confirm"]);

type SealModule = typeof import("./seal-card");
let sealing: Promise<SealModule> | null = null;

/**
 * The envelope code (node-forge's RSA, AES-GCM, SHA-256: ~35 KB gzip) is not in the checkout's
 * first load: it is fetched when the visitor starts typing the card, and awaited at the latest
 * when they pay.
 */
export function preloadSealing(): Promise<SealModule> {
  sealing ??= import("./seal-card").catch((error: unknown) => {
    sealing = null;
    throw error;
  });
  return sealing;
}

/**
 * Posting a payment with JavaScript: the card sealed in the browser, never the fields in clear.
 * `charging` is true from the click until the answer (sealing included).
 */
export function usePaymentSubmit() {
  const submit = useSubmit();
  const navigation = useNavigation();
  const [sealingNow, setSealingNow] = useState(false);
  const intent = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : "";
  const charging = sealingNow || CHARGING.has(intent);

  async function post(fields: Record<string, string>) {
    funnel("RequestPayment", { intent: fields.intent ?? "" });
    const data = new FormData();
    for (const [name, value] of Object.entries(fields)) data.set(name, value);
    submit(data, { method: "post", replace: true, preventScrollReset: true });
  }

  /** Seals `payload` for the provider and posts it; false when this browser could not seal. */
  async function sealAndPost(payload: unknown, publicKey: string, fields: Record<string, string>): Promise<boolean> {
    setSealingNow(true);
    try {
      const { sealForProvider } = await preloadSealing();
      const envelope = sealForProvider(payload, publicKey);
      await post({ ...fields, sealed: JSON.stringify(envelope) });
      return true;
    } catch {
      return false;
    } finally {
      setSealingNow(false);
    }
  }

  return { charging, post, sealAndPost };
}
