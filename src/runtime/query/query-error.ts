// An answer that ends a query early: Wagtail's 400s (BadRequestError) and 404s, `{"message": ...}`.
export class QueryError extends Error {
  constructor(readonly status: 400 | 404, message: string) {
    super(message);
  }
}
