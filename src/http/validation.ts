import {
  applyDecorators,
  createParamDecorator,
  ValidationPipe,
  type ArgumentMetadata,
  type ExecutionContext,
  type Type,
} from '@nestjs/common';
import { ApiBadRequestResponse, ApiBody, ApiExtraModels, getSchemaPath } from '@nestjs/swagger';
import { ValidateBy, type ValidationError, type ValidationOptions } from 'class-validator';
import type { Request } from 'express';
import { httpError } from './http-errors';
import { attributesOf } from './json-api';

/** Nest's own refusal of a body that is no object (a JSON list), which no field's text covers. */
const NEST_NOT_AN_OBJECT = 'Validation failed (object is expected)';
export const BODY_NOT_AN_OBJECT = 'Die Anfrage muss ein JSON-Objekt sein.';

/** The first message of the first field that failed (each field carries the German text to show). */
function firstMessage(errors: readonly ValidationError[]): string {
  for (const error of errors) {
    if (error.constraints?.isObject === NEST_NOT_AN_OBJECT) return BODY_NOT_AN_OBJECT;
    const message = Object.values(error.constraints ?? {})[0] ?? firstMessage(error.children ?? []);
    if (message) return message;
  }
  return 'Die Anfrage ist ungültig.';
}

/**
 * Every request body is a DTO class checked with class-validator before the handler runs; a
 * failure answers 400 `{errors: [{detail}]}` with the field's German text (PROTOCOL.md). Fields
 * a DTO does not declare are dropped. Business rules stay in the deciders: DTOs check shapes.
 */
class BodyValidationPipe extends ValidationPipe {
  /**
   * Request bodies only (`@Body()`, `@Attributes()`). A global pipe also receives the WebSocket
   * gateway's arguments (the socket as a "custom" argument, typed as a class in the compiled server):
   * "validating" it walked the whole socket and crashed the process.
   */
  protected override toValidate(metadata: ArgumentMetadata): boolean {
    const body = metadata.type === 'body' || (metadata.type === 'custom' && metadata.data === ATTRIBUTES);
    return body && super.toValidate(metadata);
  }
}

export function bodyValidationPipe(): ValidationPipe {
  return new BodyValidationPipe({
    transform: true,
    whitelist: true,
    stopAtFirstError: true,
    validateCustomDecorators: true,
    exceptionFactory: (errors) => httpError(400, firstMessage(errors)),
  });
}

const ATTRIBUTES = 'json:api attributes';
const attributesParam = createParamDecorator((_: typeof ATTRIBUTES, context: ExecutionContext) =>
  attributesOf(context.switchToHttp().getRequest<Request>().body),
);

/** The body's attributes: a JSON:API document's `data.attributes`, or the plain object itself (both are accepted). */
export const Attributes = (): ParameterDecorator => attributesParam(ATTRIBUTES);

/** OpenAPI for an `@Attributes()` body: the DTO itself or wrapped as a JSON:API document. */
export function ApiAttributesBody(dto: Type<unknown>, resourceType: string) {
  return applyDecorators(
    ApiExtraModels(dto),
    ApiBody({
      description: `The attributes as a plain object, or as a JSON:API document \`{data: {type: "${resourceType}", attributes}}\`.`,
      schema: {
        oneOf: [
          { $ref: getSchemaPath(dto) },
          {
            type: 'object',
            required: ['data'],
            properties: {
              data: {
                type: 'object',
                properties: {
                  type: { type: 'string', example: resourceType },
                  attributes: { $ref: getSchemaPath(dto) },
                },
              },
            },
          },
        ],
      },
    }),
    ApiBadRequestResponse({
      description: '`{errors: [{status: "400", detail}]}` with the German text of the first invalid field.',
    }),
  );
}

/** A text, or a number (forms send "3" or 3). */
export function IsTextOrNumber(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'isTextOrNumber',
      validator: { validate: (value) => typeof value === 'string' || typeof value === 'number' },
    },
    options,
  );
}
