/** Reloads the page; an object so that tests can watch the call, which jsdom cannot perform. */
export const pageReload = {
  reload: () => window.location.reload(),
};
