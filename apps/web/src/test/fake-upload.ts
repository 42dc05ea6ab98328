import { vi } from 'vitest';

/**
 * Replaces XMLHttpRequest, which the uploads use for their progress, with a fake the test
 * drives: `FakeUpload.requests` holds every upload; `progress` and `respond` play the server.
 */
export class FakeUpload {
  static requests: FakeUpload[] = [];

  readonly upload = new EventTarget();
  readonly headers = new Headers();
  method = '';
  url = '';
  body: FormData | null = null;
  status = 0;
  statusText = '';
  responseText = '';
  private readonly events = new EventTarget();

  static install() {
    FakeUpload.requests = [];
    vi.stubGlobal('XMLHttpRequest', FakeUpload);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers.set(name, value);
  }

  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  send(body: FormData) {
    this.body = body;
    FakeUpload.requests.push(this);
  }

  progress(share: number) {
    const event = Object.assign(new Event('progress'), { lengthComputable: true, loaded: share * 100, total: 100 });
    this.upload.dispatchEvent(event);
  }

  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.events.dispatchEvent(new Event('load'));
  }

  /** The file the request carries in its `doctorAttachment` part. */
  get file(): File | null {
    const part = this.body?.get('doctorAttachment');
    return part instanceof File ? part : null;
  }
}
