/**
 * The view for the server's render. In the browser this is an empty module and the view is loaded
 * on demand, only on a page that shows the block (../lazy-view.tsx says how).
 */
export { default as RechargeByNumberBlock } from "./view";
