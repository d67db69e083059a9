/**
 * The lead form for the server's render. The shell renders this one where it exists (on the
 * server) and a lazy import of the same module in the browser, where this file is an empty
 * module: the server's HTML is complete at once, also without JavaScript, and the browser
 * hydrates it when the chunk arrives (React keeps the server's HTML until then).
 */
export { default as LeadForm } from "./lead-form";
