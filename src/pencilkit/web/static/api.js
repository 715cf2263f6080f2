// The page's one way to the server: POST a JSON body to /api/<name> and read the JSON answer.

/** An answer the server refused, or no answer at all (status 0), with the server's message. */
export class ApiError extends Error {
  constructor(message, status) {
    super(message);
    this.status = status;
  }
}

/** POST one JSON body to /api/<name>; the answer, or an ApiError with the server's message. */
export async function api(name, body, signal) {
  let response;
  try {
    response = await fetch(`/api/${name}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (error.name === "AbortError") throw error;
    throw new ApiError("the server cannot be reached: is pencilkit play still running?", 0);
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) throw new ApiError(data?.error ?? `the server answered ${response.status}`, response.status);
  return data;
}
