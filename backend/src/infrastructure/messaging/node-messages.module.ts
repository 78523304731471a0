import { Global, Inject, Module, type OnApplicationShutdown } from '@nestjs/common';
import { APP_CONFIG, type AppConfig } from '../config';
import { NO_OTHER_NODES, NODE_MESSAGES, type NodeMessages, RedisNodeMessages } from './node-messages';

/** Messages between nodes: over Redis when REDIS_URL is set, else none (one node). */
@Global()
@Module({
  providers: [
    {
      provide: NODE_MESSAGES,
      inject: [APP_CONFIG],
      useFactory: (config: AppConfig): Promise<NodeMessages> | NodeMessages => (config.redisUrl ? RedisNodeMessages.connect(config.redisUrl) : NO_OTHER_NODES),
    },
  ],
  exports: [NODE_MESSAGES],
})
export class NodeMessagesModule implements OnApplicationShutdown {
  constructor(@Inject(NODE_MESSAGES) private readonly messages: NodeMessages) {}

  async onApplicationShutdown(): Promise<void> {
    await this.messages.close();
  }
}
