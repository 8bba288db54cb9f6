/** The version of this client build (SPEC section 9); the server announces its own over `onVersion`. */
export const APP_VERSION = "1.2.1061";
