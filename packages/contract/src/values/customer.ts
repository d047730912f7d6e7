/** Customer record limits shared by the contract and the web forms; no zod here. */

/** The longest occupation a customer record takes. */
export const OCCUPATION_MAX = 60;
/** Digits typed before the register form offers returning customers. */
export const CUSTOMER_LOOKUP_MIN_DIGITS = 3;
