import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { APP_VERSION } from '../version';

/**
 * The HTTP API as OpenAPI, generated from the controllers and the DTOs that validate the requests:
 * Swagger UI at /api/docs, the document at /api/docs-json (PROTOCOL.md "Operations").
 */
export function serveApiDocs(app: INestApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Quiz-Show API')
    .setVersion(APP_VERSION)
    .setDescription(
      'The HTTP API of the quiz show. Failures answer `{errors: [{status, detail}]}` with a German `detail`. ' +
        'The realtime protocol (WebSocket `/ws`) is described in docs/asyncapi.yaml.',
    )
    .addBearerAuth({
      type: 'http',
      scheme: 'bearer',
      bearerFormat: 'JWT',
      description: 'The token from POST /api/token-auth/',
    })
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config), {
    jsonDocumentUrl: 'api/docs-json',
    yamlDocumentUrl: 'api/docs-yaml',
  });
}
