/**
 * The Firebase web configuration, served at GET /__/firebase/init.json (the path Firebase Hosting
 * uses) and embedded in every page, so the client and outside tools read one config.
 */
import type { FastifyPluginCallback } from 'fastify';
import type { FirebaseWebConfig } from '../../shared/publicConfig';
import type { Config } from '../config';

export function firebaseWebConfig(config: Config): FirebaseWebConfig {
  const web: FirebaseWebConfig = {
    apiKey: config.firebase.apiKey,
    authDomain: config.firebase.authDomain,
    projectId: config.firebase.projectId,
    storageBucket: config.firebase.storageBucket,
    messagingSenderId: config.firebase.messagingSenderId,
    appId: config.firebase.appId,
  };
  if (config.gaMeasurementId) web.measurementId = config.gaMeasurementId;
  return web;
}

/** GET /__/firebase/init.json (encapsulated: a route and nothing else). */
export const firebaseInit: FastifyPluginCallback<{ config: Config }> = (app, { config }, done) => {
  app.get('/__/firebase/init.json', async (_request, reply) => {
    return reply.header('Cache-Control', 'no-cache').send(firebaseWebConfig(config));
  });
  done();
};
