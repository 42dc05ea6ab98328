/**
 * The login's two steps are one action for its messages: what the password step said gives way
 * to the outcome of the code step.
 */
export const loginAction = 'login';
