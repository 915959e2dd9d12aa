/** The network layer: one guard deciding what may be fetched, and the fetching built on it. */
export {
  createNetworkGuard,
  type CheckedUrl,
  type NetworkGuard,
  type NetworkGuardOptions,
  type ResolvedAddress,
  type Resolver,
} from "./guard.js";
export {
  DEFAULT_USER_AGENT,
  guardedFetch,
  type GuardedRequest,
  type GuardedResponse,
  type HttpMethod,
  type ResponseHead,
} from "./fetch.js";
export { fetchDocument, type DocumentRequest, type FetchedDocument } from "./document.js";
export type { PageLink } from "./extract.js";
export { NetError, NetworkRefusedError, type NetErrorKind } from "./errors.js";
export { decodeBody, parseContentType } from "./charset.js";
