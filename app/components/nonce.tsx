import { useContext } from "react";
import { NonceContext } from "./use-hydrated";

/** The CSP nonce of this response; empty in the browser, where scripts are already trusted. */
export const NonceProvider = NonceContext.Provider;
export const useNonce = () => useContext(NonceContext);
