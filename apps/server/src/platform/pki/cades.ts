import { createHash, KeyObject, sign } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { derElement, tag } from './der.ts';
import type { CryptoKey } from './keys.ts';
import type { x509 } from './x509.ts';

/** Who signs: the doctor's key and certificate, and the certificates up to the platform CA. */
export interface Signer {
  privateKey: CryptoKey;
  certificate: x509.X509Certificate;
  chain: x509.X509Certificate[];
}

const oid = {
  data: '1.2.840.113549.1.7.1',
  signedData: '1.2.840.113549.1.7.2',
  contentType: '1.2.840.113549.1.9.3',
  messageDigest: '1.2.840.113549.1.9.4',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  sha256: '2.16.840.1.101.3.4.2.1',
  ecdsaWithSha256: '1.2.840.10045.4.3.2',
} as const;

const encode = (schema: { toBER(): ArrayBuffer }) => new Uint8Array(schema.toBER());

/**
 * The parts of a SignedData that are the same in every signature, encoded once with pkijs.
 * Encoding the whole structure with pkijs on every call cost ten times the signature itself
 * (ARCHITECTURE.md wants the CMS within twice a raw signature), so each signature only
 * assembles these parts around its digest and signature value.
 */
const fixed = {
  version1: encode(new asn1js.Integer({ value: 1 })),
  signedDataType: encode(new asn1js.ObjectIdentifier({ value: oid.signedData })),
  dataType: encode(new asn1js.ObjectIdentifier({ value: oid.data })),
  encapsulatedData: encode(new pkijs.EncapsulatedContentInfo({ eContentType: oid.data }).toSchema()),
  sha256: encode(new pkijs.AlgorithmIdentifier({ algorithmId: oid.sha256 }).toSchema()),
  ecdsaWithSha256: encode(new pkijs.AlgorithmIdentifier({ algorithmId: oid.ecdsaWithSha256 }).toSchema()),
  contentTypeAttribute: encode(new pkijs.Attribute({
    type: oid.contentType, values: [new asn1js.ObjectIdentifier({ value: oid.data })],
  }).toSchema()),
  messageDigestType: encode(new asn1js.ObjectIdentifier({ value: oid.messageDigest })),
};

/**
 * What a signer adds to every signature: its certificates, its id and the attribute naming its
 * certificate; and its key as node:crypto takes it, which signs synchronously and answers the
 * DER signature CMS wants (WebCrypto's promise and its raw r||s would cost a third more).
 */
interface PreparedSigner {
  key: KeyObject;
  certificates: Uint8Array;
  signerId: Uint8Array;
  signingCertificateAttribute: Uint8Array;
}

const prepared = new WeakMap<x509.X509Certificate, PreparedSigner>();

/**
 * A detached CAdES signature (CMS SignedData, RFC 5652) over content whose SHA-256 is
 * `contentDigest`, shaped for PAdES baseline B-B: content-type, message-digest and
 * signing-certificate-v2 signed attributes and no signing-time (the PDF's /M carries the
 * claimed time), with the signer's certificate and its chain embedded. Returns the DER.
 */
export function signCadesDetached(contentDigest: Uint8Array, signer: Signer): Uint8Array {
  return signedData(contentDigest, signer, fixed.encapsulatedData);
}

/**
 * A CMS SignedData that carries its content (a file the platform itself signs, such as an
 * export of the event log): `openssl cms -verify` opens it against the platform CA.
 */
export function signCadesAttached(content: Uint8Array, signer: Signer): Uint8Array {
  const encapsulated = derElement(
    tag.sequence, fixed.dataType, derElement(tag.contextConstructed0, derElement(tag.octetString, content)),
  );
  return signedData(createHash('sha256').update(content).digest(), signer, encapsulated);
}

function signedData(contentDigest: Uint8Array, signer: Signer, encapsulatedContent: Uint8Array): Uint8Array {
  const { key, certificates, signerId, signingCertificateAttribute } = prepare(signer);
  const messageDigestAttribute = derElement(
    tag.sequence, fixed.messageDigestType, derElement(tag.set, derElement(tag.octetString, contentDigest)),
  );
  // DER orders a SET OF by encoding: these three already are in that order.
  const attributes = [fixed.contentTypeAttribute, messageDigestAttribute, signingCertificateAttribute];
  // RFC 5652 section 5.4: the signature covers the attributes encoded as a SET, stored as [0].
  const signature = sign('sha256', derElement(tag.set, ...attributes), key);
  const signerInfo = derElement(
    tag.sequence,
    fixed.version1,
    signerId,
    fixed.sha256,
    derElement(tag.contextConstructed0, ...attributes),
    fixed.ecdsaWithSha256,
    derElement(tag.octetString, signature),
  );
  const content = derElement(
    tag.sequence,
    fixed.version1,
    derElement(tag.set, fixed.sha256),
    encapsulatedContent,
    certificates,
    derElement(tag.set, signerInfo),
  );
  return derElement(tag.sequence, fixed.signedDataType, derElement(tag.contextConstructed0, content));
}

function prepare(signer: Signer): PreparedSigner {
  const known = prepared.get(signer.certificate);
  if (known) return known;
  const certificate = pkijs.Certificate.fromBER(signer.certificate.rawData);
  const preparedSigner = {
    key: KeyObject.from(signer.privateKey),
    certificates: derElement(
      tag.contextConstructed0, ...[signer.certificate, ...signer.chain].map((each) => new Uint8Array(each.rawData)),
    ),
    signerId: encode(new pkijs.IssuerAndSerialNumber({
      issuer: certificate.issuer, serialNumber: certificate.serialNumber,
    }).toSchema()),
    signingCertificateAttribute: encode(signingCertificateV2(certificate, signer.certificate.rawData).toSchema()),
  };
  prepared.set(signer.certificate, preparedSigner);
  return preparedSigner;
}

/**
 * RFC 5035 SigningCertificateV2 naming the signer's certificate by its SHA-256 (the default
 * algorithm, so left out) and issuer + serial number, so the certificate cannot be swapped.
 */
function signingCertificateV2(certificate: pkijs.Certificate, der: ArrayBuffer): pkijs.Attribute {
  const directoryName = new asn1js.Constructed({
    idBlock: { tagClass: 3, tagNumber: 4 }, value: [certificate.issuer.toSchema()],
  });
  const issuerSerial = new asn1js.Sequence({
    value: [new asn1js.Sequence({ value: [directoryName] }), certificate.serialNumber],
  });
  const essCertIdV2 = new asn1js.Sequence({
    value: [new asn1js.OctetString({ valueHex: createHash('sha256').update(new Uint8Array(der)).digest() }), issuerSerial],
  });
  return new pkijs.Attribute({
    type: oid.signingCertificateV2,
    values: [new asn1js.Sequence({ value: [new asn1js.Sequence({ value: [essCertIdV2] })] })],
  });
}
