import { WsAdapter } from '@nestjs/platform-ws';
import type { MessageMappingProperties } from '@nestjs/websockets';
import { isObservable, type Observable } from 'rxjs';
import type { RawData, WebSocket } from 'ws';

/**
 * Nest's WsAdapter with a lean binding of each socket's messages. The stock one builds an rxjs
 * pipeline per socket (fromEvent through ws's EventTarget wrapper, mergeMap, takeUntil over a shared
 * close stream: 36 closures and contexts, about 6 KB of heap per socket, measured with 1,000 sockets);
 * this one listens with one function and hands each frame to the gateway's handler the same way:
 * the parser names the handler, a synchronous throw or an unknown event drops the frame, and a
 * result that is not empty goes back as JSON (a promise's value directly, an Observable through Nest's
 * transform).
 */
export class LeanWsAdapter extends WsAdapter {
  override bindMessageHandlers(
    client: WebSocket,
    handlers: MessageMappingProperties[],
    transform: (data: unknown) => Observable<unknown>,
  ): void {
    if (handlers.length === 0) return; // a gateway that reads its sockets' frames itself (RealtimeGateway)
    const byEvent = new Map(handlers.map((handler) => [handler.message, handler]));
    client.on('message', (data: RawData, isBinary: boolean) => {
      let message: { event: string; data: unknown } | void;
      try {
        message = this.messageParser(isBinary ? (data as Buffer) : data.toString());
      } catch (error) {
        this.logger.error(error);
        return;
      }
      const handler = message ? byEvent.get(message.event) : undefined;
      if (!message || !handler) return;
      let result: unknown;
      try {
        result = handler.callback(message.data, message.event);
      } catch {
        return;
      }
      const respond = (response: unknown) => {
        if (response !== null && response !== undefined && client.readyState === client.OPEN)
          client.send(JSON.stringify(response));
      };
      const failed = (error: unknown) => this.logger.error(error);
      // Nest's handler answers with a promise: its value is answered here without the rxjs pipeline Nest's
      // transform builds per frame (a tenth of a reconnect storm's CPU); an Observable still goes through it.
      void Promise.resolve(result).then((value) => {
        if (!isObservable(value)) return respond(value);
        transform(value).subscribe({ next: respond, error: failed });
      }, failed);
    });
  }
}
