// The API's fixed bodies, as Wagtail and Django REST framework write them: the 404s, the 405 and
// the OPTIONS description. Below every stage: the build writes them to files, the hosts' rules
// inline them, the responder and the query engine answer them.

/** The views' names, as OPTIONS and the browsable page give them. */
export const EVENT_PAGES_NAME = "Event Pages Api";
export const PAGES_NAME = "Pages Api";

/** An unknown id: `{"message": "No EventPage matches the given query."}`. */
export function notFoundBody(model: string) {
  return { message: `No ${model} matches the given query.` };
}

/** Any other unknown address under /api/ (a static catalogue answers JSON where Django answers HTML). */
export const OTHER_NOT_FOUND_BODY = { message: "Not found." };

/** `{"detail": "Method \"POST\" not allowed."}`. */
export function methodNotAllowedBody(method: string) {
  return { detail: `Method "${method}" not allowed.` };
}

export function optionsBody(name: string) {
  return {
    name,
    description: "",
    renders: ["application/json", "text/html"],
    parses: ["application/json", "application/x-www-form-urlencoded", "multipart/form-data"],
  };
}
