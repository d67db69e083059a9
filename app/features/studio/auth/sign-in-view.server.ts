/**
 * The view for the server's render (app/components/on-demand.tsx): the route renders this one on
 * the server, and a lazy import of the same module in the browser, where this file is empty.
 */
export { StudioSignInView } from "./sign-in-view";
