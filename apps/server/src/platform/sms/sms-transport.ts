export interface OutgoingSms {
  to: string;
  text: string;
}

/** Where text messages go; the worker keeps them in the outbox when there is none. */
export interface SmsTransport {
  send(sms: OutgoingSms): Promise<void>;
}

const timeoutMs = 10_000;

/**
 * POSTs `{to, text}` as JSON to `SMS_WEBHOOK_URL`, the gateway's or a small adapter's address;
 * any answer other than 2xx fails the attempt, which the worker retries later. Errors name the
 * status only: the URL may carry the gateway's credentials.
 */
export function createWebhookTransport(webhookUrl: string): SmsTransport {
  return {
    send: async (sms) => {
      let response: Response;
      try {
        response = await fetch(webhookUrl, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ to: sms.to, text: sms.text }),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === 'TimeoutError' ? 'timed out' : 'could not connect';
        throw new Error(`SMS webhook ${reason}`, { cause: error });
      }
      if (!response.ok) throw new Error(`SMS webhook answered ${response.status}`);
    },
  };
}
