import { ErrorBody } from "@rgs/protocol/operator-api";

/** The three signing headers, declared as OpenAPI security schemes by the app. */
export const OPERATOR_SECURITY = [{ OperatorId: [], Timestamp: [], Signature: [] }];

const error = (description: string) => ({ ...ErrorBody, description });

/** Error answers every operator endpoint can give, for the OpenAPI document. */
export const OPERATOR_ERROR_RESPONSES = {
  400: error("query_not_allowed, malformed_json or invalid_request (the detail names the field)."),
  401: error(
    "missing_operator_id, unknown_operator, missing_timestamp, missing_signature, malformed_timestamp, malformed_signature, expired_timestamp or bad_signature.",
  ),
  429: error("rate_limit_exceeded; the Retry-After header gives the seconds to wait."),
  500: error("internal_error; the detail quotes the request id."),
};
