/**
 * The browser code of the hosted card fields (provider type 2), the page that
 * mocks/provider-pages.ts serves at /__mocks/proveedor/campos. The page runs `hostedFields` from
 * its own source (`hostedFields.toString()`) in its nonce'd inline script, so the function uses
 * nothing from outside its body but its options, the browser's globals and types: no imports,
 * no module constants. The protocol it speaks is described in provider-pages.ts.
 */

type MessageSource = "bait-proveedor";
type ParentSource = "bait-checkout";

type PublicCard = { last4: string; brand: string; holder: string; expiry: string };
type ProviderBody =
  | { type: "ready" }
  | { type: "resize"; height: number }
  | { type: "loading" }
  | { type: "token"; token: string; card: PublicCard }
  /** `field` is the one that was cleared and has the focus, or null for the notice above the fields. */
  | { type: "error"; field: string | null; message: string };
/** What the fields tell the page that frames them. */
type ProviderMessage = ProviderBody & { source: MessageSource };
/** What the framing page may ask of the fields. */
type ParentMessage = { source: ParentSource; type: "submit" };
/** The answer of POST /__mocks/proveedor/tokens, as far as the fields read it. */
type TokenAnswer =
  | { token: string; card: PublicCard; error?: undefined }
  | { token?: undefined; error?: { field?: string | null; message_to_purchaser?: string } }
  | null;

export type HostedFieldsOptions = { genericError: string };

export function hostedFields(options: HostedFieldsOptions): void {
  "use strict";
  const form = document.getElementById("campos") as HTMLFormElement;
  const button = document.getElementById("continuar") as HTMLButtonElement;
  const notice = document.getElementById("aviso") as HTMLElement;
  const inputs = {
    cardholder: document.getElementById("holder") as HTMLInputElement,
    number: document.getElementById("number") as HTMLInputElement,
    expiry: document.getElementById("expiry") as HTMLInputElement,
    cvv: document.getElementById("cvv") as HTMLInputElement,
  };
  const errorOf = (input: HTMLInputElement) => document.getElementById(input.id + "-error") as HTMLElement;
  let busy = false;
  // The literal, not a shared constant: this body runs without its module (the type keeps them equal).
  function send(body: ProviderBody) {
    const message: ProviderMessage = { ...body, source: "bait-proveedor" };
    window.parent.postMessage(message, location.origin);
  }
  let lastHeight = -1;
  function resize() {
    // The content's own height: the document's would never be less than the frame it fills.
    const box = document.body.getBoundingClientRect();
    const style = getComputedStyle(document.body);
    const height = Math.ceil(box.height + parseFloat(style.marginTop) + parseFloat(style.marginBottom));
    if (height === lastHeight) return;
    lastHeight = height;
    send({ type: "resize", height: height });
  }
  function clearErrors() {
    notice.textContent = "";
    Object.values(inputs).forEach((input) => {
      input.removeAttribute("aria-invalid");
      errorOf(input).textContent = "";
    });
  }
  function showError(field: string | null, message: string) {
    const input = field ? ((inputs as Record<string, HTMLInputElement | undefined>)[field] ?? null) : null;
    if (input) {
      input.value = "";
      input.setAttribute("aria-invalid", "true");
      errorOf(input).textContent = message;
      input.focus();
    } else {
      notice.textContent = message;
      const empty = Object.values(inputs).find((item) => !item.value.trim());
      if (empty) empty.focus();
    }
    send({ type: "error", field: input ? field : null, message: message });
    resize();
  }
  function done() {
    busy = false;
    button.removeAttribute("aria-disabled");
    form.removeAttribute("aria-busy");
  }
  function submit() {
    if (busy) return;
    busy = true;
    clearErrors();
    button.setAttribute("aria-disabled", "true");
    form.setAttribute("aria-busy", "true");
    send({ type: "loading" });
    const body = {
      holder: inputs.cardholder.value.trim(),
      number: inputs.number.value.replace(/[\s-]/g, ""),
      expiry: inputs.expiry.value.replace(/\s/g, ""),
      cvv: inputs.cvv.value.trim(),
    };
    fetch("/__mocks/proveedor/tokens", { method: "POST", credentials: "same-origin", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) })
      .then((response) => response.json().then((answer: TokenAnswer) => ({ status: response.status, answer: answer })))
      .then((result) => {
        done();
        if (result.status === 201 && result.answer && result.answer.token) {
          // The card stays with the provider: the fields are emptied once the token exists.
          form.reset();
          send({ type: "token", token: result.answer.token, card: result.answer.card });
          return;
        }
        const error = (result.answer && result.answer.error) || {};
        showError(error.field || null, error.message_to_purchaser || options.genericError);
      })
      .catch(() => {
        done();
        showError(null, options.genericError);
      });
  }
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    submit();
  });
  window.addEventListener("message", (event) => {
    if (event.origin !== location.origin || event.source !== window.parent) return;
    const data = event.data as Partial<ParentMessage> | null;
    if (data && data.source === "bait-checkout" && data.type === "submit") submit();
  });
  if (typeof ResizeObserver === "function") new ResizeObserver(resize).observe(document.body);
  send({ type: "ready" });
  resize();
}
