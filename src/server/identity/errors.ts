/**
 * Errors of the identity endpoints in Google's shape, so the official SDK maps them to its client
 * codes (e.g. `INVALID_LOGIN_CREDENTIALS` -> auth/invalid-credential, `USER_DISABLED` ->
 * auth/user-disabled): `{"error":{"code":400,"message":"USER_DISABLED","errors":[...]}}`.
 * Source: the Firebase Auth REST API and the SDK's SERVER_ERROR_MAP (@firebase/auth).
 */
export type IdentityErrorCode =
  | 'INVALID_LOGIN_CREDENTIALS'
  | 'INVALID_PASSWORD'
  | 'EMAIL_NOT_FOUND'
  | 'EMAIL_EXISTS'
  | 'INVALID_EMAIL'
  | 'MISSING_EMAIL'
  | 'MISSING_PASSWORD'
  | 'WEAK_PASSWORD'
  | 'USER_DISABLED'
  | 'USER_NOT_FOUND'
  | 'TOKEN_EXPIRED'
  | 'INVALID_ID_TOKEN'
  | 'INVALID_REFRESH_TOKEN'
  | 'MISSING_REFRESH_TOKEN'
  | 'INVALID_GRANT_TYPE'
  | 'TOO_MANY_ATTEMPTS_TRY_LATER'
  | 'RESET_PASSWORD_EXCEED_LIMIT'
  | 'EXPIRED_OOB_CODE'
  | 'INVALID_OOB_CODE'
  | 'MISSING_OOB_CODE'
  | 'CREDENTIAL_TOO_OLD_LOGIN_AGAIN'
  | 'ADMIN_ONLY_OPERATION'
  | 'OPERATION_NOT_ALLOWED'
  | 'INVALID_REQ_TYPE'
  | 'MISSING_REQ_TYPE'
  | 'MISSING_NEW_EMAIL'
  | 'INVALID_NEW_EMAIL'
  | 'UNAUTHORIZED_DOMAIN'
  | 'INVALID_CONTINUE_URI'
  | 'MISSING_IDENTIFIER'
  | 'INVALID_IDENTIFIER'
  | 'MISSING_CUSTOM_TOKEN'
  | 'INVALID_CUSTOM_TOKEN'
  | 'CREDENTIAL_MISMATCH'
  | 'API_KEY_INVALID'
  | 'INVALID_ARGUMENT'
  // Ours, not Google's: an address link was asked for while SMTP_URL is unset (SDK: auth/mail-not-configured).
  | 'MAIL_NOT_CONFIGURED';

export class IdentityError extends Error {
  constructor(
    readonly code: IdentityErrorCode,
    /** Extra text after " : " (the SDK shows it as the error message). */
    readonly detail?: string,
    readonly status = 400,
  ) {
    super(detail ? `${code} : ${detail}` : code);
    this.name = 'IdentityError';
  }

  /** The response body Google's identity services send. */
  toBody() {
    if (this.code === 'API_KEY_INVALID') {
      const message = 'API key not valid. Please pass a valid API key.';
      return {
        error: {
          code: this.status,
          message,
          status: 'INVALID_ARGUMENT',
          errors: [{ message, domain: 'global', reason: 'badRequest' }],
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      };
    }
    return {
      error: {
        code: this.status,
        message: this.message,
        errors: [{ message: this.message, domain: 'global', reason: 'invalid' }],
      },
    };
  }
}
