export { NO_OTHER_NODES, NODE_MESSAGES, type NodeMessages, RedisNodeMessages } from './node-messages';
export { NodeMessagesModule } from './node-messages.module';
