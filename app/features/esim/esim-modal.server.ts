/**
 * The eSIM modal for the server's render (docs/esim.md "JavaScript budget"). A route renders this
 * one where it exists (on the server) and a lazy import of esim-modal.tsx in the browser, where
 * this file is an empty module: the server's HTML has the whole modal at once, also without
 * JavaScript, and the browser hydrates it when its chunk arrives (React keeps the server's HTML
 * until then). A page whose URL opens no eSIM modal never downloads its code.
 */
export { EsimModal } from "./esim-modal";
