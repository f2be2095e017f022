import { ServiceError } from '@backtalk/kit';
import { ErrorCode } from '@backtalk/proto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type Response from 'twilio/lib/http/response';
import RequestClient from 'twilio/lib/base/RequestClient';
import { SnsSmsSender } from './sns.sms-sender';
import { TwilioSmsSender } from './twilio.sms-sender';

/**
 * The SMS adapters over real HTTP: the Twilio SDK and the AWS SDK send to a local server that
 * records each request and answers as the provider does, so the request each SDK builds — path,
 * credentials, form fields — is checked, and a provider's refusal is seen as the user sees it.
 */

interface Recorded {
  method: string;
  url: string;
  headers: IncomingMessage['headers'];
  form: URLSearchParams;
}

interface FakeProvider {
  url: string;
  requests: Recorded[];
  answer: { status: number; type: string; body: string };
  close(): Promise<void>;
}

async function fakeProvider(answer: FakeProvider['answer']): Promise<FakeProvider> {
  const requests: Recorded[] = [];
  const provider = { requests, answer } as FakeProvider;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      requests.push({
        method: request.method ?? '',
        url: request.url ?? '',
        headers: request.headers,
        form: new URLSearchParams(Buffer.concat(chunks).toString('utf8')),
      });
      response.writeHead(provider.answer.status, { 'content-type': provider.answer.type });
      response.end(provider.answer.body);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  provider.close = () => new Promise((resolve) => server.close(() => resolve()));
  return provider;
}

/** Twilio's own HTTP client, with api.twilio.com replaced by the local server. */
function localTwilioClient(base: string): RequestClient {
  class LocalRequestClient extends RequestClient {
    override request<TData>(opts: RequestClient.RequestOptions<TData>): Promise<Response<TData>> {
      return super.request({ ...opts, uri: opts.uri.replace(/^https:\/\/api\.twilio\.com/, base) });
    }
  }
  return new LocalRequestClient();
}

const ACCOUNT_SID = `AC${'0123456789abcdef'.repeat(2)}`;
const AUTH_TOKEN = 'twilio-auth-token-for-tests';
const MESSAGE = { to: '+14155550100', text: 'Your Backtalk code is 123456.' };

async function failureOf(work: Promise<unknown>): Promise<string | undefined> {
  try {
    await work;
  } catch (error) {
    return error instanceof ServiceError ? error.code : String(error);
  }
  return undefined;
}

describe('TwilioSmsSender against a local Messages API', () => {
  let provider: FakeProvider;
  beforeEach(async () => {
    provider = await fakeProvider({
      status: 201,
      type: 'application/json',
      body: JSON.stringify({
        sid: `SM${'0'.repeat(32)}`,
        status: 'queued',
        to: MESSAGE.to,
        body: MESSAGE.text,
      }),
    });
  });
  afterEach(() => provider.close());

  it('POSTs the message to the account, with its credentials, from the configured number', async () => {
    const sender = new TwilioSmsSender(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      localTwilioClient(provider.url),
    );
    await sender.send(MESSAGE);
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request!.method).toBe('POST');
    expect(request!.url).toBe(`/2010-04-01/Accounts/${ACCOUNT_SID}/Messages.json`);
    expect(request!.headers.authorization).toBe(
      `Basic ${Buffer.from(`${ACCOUNT_SID}:${AUTH_TOKEN}`).toString('base64')}`,
    );
    expect(request!.headers['content-type']).toContain('application/x-www-form-urlencoded');
    expect(Object.fromEntries(request!.form)).toEqual({
      To: '+14155550100',
      From: '+15005550006',
      Body: 'Your Backtalk code is 123456.',
    });
  });

  it('sends through a Messaging Service when TWILIO_FROM is its SID', async () => {
    const service = `MG${'abcdef0123456789'.repeat(2)}`;
    const sender = new TwilioSmsSender(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: service },
      localTwilioClient(provider.url),
    );
    await sender.send(MESSAGE);
    expect(provider.requests[0]!.form.get('MessagingServiceSid')).toBe(service);
    expect(provider.requests[0]!.form.has('From')).toBe(false);
  });

  it("answers AUTH_SMS_DELIVERY_FAILED when Twilio refuses (Twilio's 400 error body)", async () => {
    provider.answer = {
      status: 400,
      type: 'application/json',
      body: JSON.stringify({
        code: 21211,
        message: "The 'To' number is not a valid phone number.",
        status: 400,
      }),
    };
    const sender = new TwilioSmsSender(
      { accountSid: ACCOUNT_SID, authToken: AUTH_TOKEN, from: '+15005550006' },
      localTwilioClient(provider.url),
    );
    expect(await failureOf(sender.send(MESSAGE))).toBe(ErrorCode.AuthSmsDeliveryFailed);
    expect(provider.requests).toHaveLength(1);
  });
});

const PUBLISH_OK = `<PublishResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/">
  <PublishResult><MessageId>94f20ce6-13c5-43a0-9a9e-ca52d816e90b</MessageId></PublishResult>
  <ResponseMetadata><RequestId>f187a3c1-376f-11df-8963-01868b7c937a</RequestId></ResponseMetadata>
</PublishResponse>`;

describe('SnsSmsSender against a local SNS endpoint', () => {
  let provider: FakeProvider;
  const credentials = {
    accessKeyId: 'AKIDEXAMPLE',
    secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY',
  };
  beforeEach(async () => {
    provider = await fakeProvider({ status: 200, type: 'text/xml', body: PUBLISH_OK });
  });
  afterEach(() => provider.close());

  it('Publishes to the phone number as a Transactional SMS, signed for SNS in the region', async () => {
    const sender = new SnsSmsSender(
      { region: 'eu-west-1', endpoint: provider.url, senderId: 'Backtalk' },
      credentials,
    );
    await sender.send(MESSAGE);
    sender.onApplicationShutdown();
    expect(provider.requests).toHaveLength(1);
    const [request] = provider.requests;
    expect(request!.method).toBe('POST');
    expect(request!.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-west-1\/sns\/aws4_request, /,
    );
    const form = request!.form;
    expect(form.get('Action')).toBe('Publish');
    expect(form.get('Version')).toBe('2010-03-31');
    expect(form.get('PhoneNumber')).toBe('+14155550100');
    expect(form.get('Message')).toBe('Your Backtalk code is 123456.');
    const attributes = new Map<string, string | null>();
    for (let entry = 1; form.has(`MessageAttributes.entry.${entry}.Name`); entry += 1) {
      attributes.set(
        form.get(`MessageAttributes.entry.${entry}.Name`)!,
        form.get(`MessageAttributes.entry.${entry}.Value.StringValue`),
      );
    }
    expect(Object.fromEntries(attributes)).toEqual({
      'AWS.SNS.SMS.SMSType': 'Transactional',
      'AWS.SNS.SMS.SenderID': 'Backtalk',
    });
  });

  it("answers AUTH_SMS_DELIVERY_FAILED when SNS refuses (SNS's ErrorResponse)", async () => {
    provider.answer = {
      status: 400,
      type: 'text/xml',
      body: `<ErrorResponse xmlns="http://sns.amazonaws.com/doc/2010-03-31/"><Error><Type>Sender</Type><Code>InvalidParameter</Code><Message>Invalid parameter: PhoneNumber Reason: +1415 is not valid to publish to</Message></Error><RequestId>r-1</RequestId></ErrorResponse>`,
    };
    const sender = new SnsSmsSender({ region: 'us-east-1', endpoint: provider.url }, credentials);
    expect(await failureOf(sender.send(MESSAGE))).toBe(ErrorCode.AuthSmsDeliveryFailed);
    sender.onApplicationShutdown();
    expect(provider.requests[0]!.form.get('PhoneNumber')).toBe('+14155550100');
  });
});
