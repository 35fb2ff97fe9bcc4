/**
 * A SAML identity provider for tests: responses built here and their assertion signed with the
 * test key (saml-test-key.pem; its certificate saml-test-cert.pem goes into the company's setting).
 */
import fs from "node:fs";
import path from "node:path";
import { SignedXml } from "xml-crypto";

const here = import.meta.dirname;
export const samlTestCertificate = fs.readFileSync(path.join(here, "saml-test-cert.pem"), "utf8");
const samlTestKey = fs.readFileSync(path.join(here, "saml-test-key.pem"), "utf8");

export const samlIdpIssuer = "https://idp.saml.test/metadata";

export interface AssertionInput {
  email: string;
  audience: string;
  recipient: string;
  issuer?: string;
  name?: { given: string; surname: string };
}

const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A SAML response with one assertion, signed; base64 as the provider posts it. */
export function signedSamlResponse(input: AssertionInput): string {
  const now = new Date();
  const at = (seconds: number) => new Date(now.getTime() + seconds * 1000).toISOString();
  const issuer = escape(input.issuer ?? samlIdpIssuer);
  const attribute = (name: string, value: string) => `<saml:Attribute Name="${name}"><saml:AttributeValue>${escape(value)}</saml:AttributeValue></saml:Attribute>`;
  const xml = `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="_r${now.getTime()}" Version="2.0" IssueInstant="${at(0)}" Destination="${escape(input.recipient)}">`
    + `<saml:Issuer>${issuer}</saml:Issuer>`
    + `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>`
    + `<saml:Assertion ID="_a${now.getTime()}" Version="2.0" IssueInstant="${at(0)}">`
    + `<saml:Issuer>${issuer}</saml:Issuer>`
    + `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress">${escape(input.email)}</saml:NameID>`
    + `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${at(300)}" Recipient="${escape(input.recipient)}"/></saml:SubjectConfirmation></saml:Subject>`
    + `<saml:Conditions NotBefore="${at(-60)}" NotOnOrAfter="${at(300)}"><saml:AudienceRestriction><saml:Audience>${escape(input.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>`
    + `<saml:AuthnStatement AuthnInstant="${at(0)}" SessionIndex="_s${now.getTime()}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>`
    + `<saml:AttributeStatement>${attribute("email", input.email)}${input.name ? attribute("givenName", input.name.given) + attribute("surname", input.name.surname) : ""}</saml:AttributeStatement>`
    + `</saml:Assertion></samlp:Response>`;
  const signature = new SignedXml({
    privateKey: samlTestKey, publicCert: samlTestCertificate,
    signatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    canonicalizationAlgorithm: "http://www.w3.org/2001/10/xml-exc-c14n#",
  });
  signature.addReference({
    xpath: "//*[local-name(.)='Assertion']",
    transforms: ["http://www.w3.org/2000/09/xmldsig#enveloped-signature", "http://www.w3.org/2001/10/xml-exc-c14n#"],
    digestAlgorithm: "http://www.w3.org/2001/04/xmlenc#sha256",
  });
  signature.computeSignature(xml, { location: { reference: "//*[local-name(.)='Assertion']/*[local-name(.)='Issuer']", action: "after" } });
  return Buffer.from(signature.getSignedXml()).toString("base64");
}

/** The same response with the e-mail changed after signing: what an attacker would send. */
export function tamperedSamlResponse(input: AssertionInput, email: string): string {
  const xml = Buffer.from(signedSamlResponse(input), "base64").toString("utf8");
  return Buffer.from(xml.split(escape(input.email)).join(escape(email))).toString("base64");
}
