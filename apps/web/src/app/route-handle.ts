/** Route data the layout and the server read. */
export interface RouteHandle {
  /** The HTTP status of the page (404, 500). */
  status?: number;
  /**
   * A page with one job (sign-in, registration, recovery): the visitor blocks of
   * category and area links stay off it. Error pages (a status) go without them too.
   */
  isFocused?: boolean;
}
