/**
 * /api/certificates/*: a member's own certificates (signed in), and any certificate by its id, as JSON or PDF
 * (open at the gateway: the verification page works signed out).
 */
import { certificateVerificationPath, myCertificatesQuerySchema } from '@rainmakers/contracts';
import { forbidden, parse, requireActor } from '@rainmakers/kit';
import { Router } from 'express';
import { certificatePdf } from '../certificate-pdf';
import { readCertificate, readOwnCertificates } from '../commands/certificates';
import type { RouteDeps } from '../deps';
import { canListOwnCertificates, canViewCertificate } from '../policies';
import { presentOwnCertificate, presentPublicCertificate } from '../presenters';

export function certificateRoutes(deps: RouteDeps): Router {
  const { store, publicUrl } = deps;
  const router = Router();

  router.get('/mine', async (req, res) => {
    const actor = requireActor(req);
    const { courseId } = parse(myCertificatesQuerySchema, req.query);
    if (!canListOwnCertificates(actor)) throw forbidden();
    const certificates = await readOwnCertificates(store.db, actor.userId, courseId);
    res.json({ certificates: certificates.map(presentOwnCertificate) });
  });

  router.get('/:id', async (req, res) => {
    if (!canViewCertificate(req.actor)) throw forbidden();
    const certificate = await readCertificate(store.db, req.params.id);
    res.json({ certificate: presentPublicCertificate(certificate) });
  });

  router.get('/:id/pdf', async (req, res) => {
    if (!canViewCertificate(req.actor)) throw forbidden();
    const certificate = presentPublicCertificate(await readCertificate(store.db, req.params.id));
    const verificationUrl = new URL(certificateVerificationPath(certificate.id), publicUrl).toString();
    const pdf = await certificatePdf(certificate, verificationUrl);
    res
      .type('application/pdf')
      .attachment(`certificate-${certificate.id}.pdf`)
      .send(Buffer.from(pdf.buffer, pdf.byteOffset, pdf.byteLength));
  });

  return router;
}
