// A bare NestJS 11 hello world (one controller, Express adapter, no middleware), the reference the
// chat benchmark measures GET /api/sessions against with the same load tool in the same run.
// Usage: node bench/hello-nest.cjs PORT  (prints "listening" when ready).
const path = require('node:path');
const backend = path.join(__dirname, '..', 'backend', 'package.json');
const req = require('node:module').createRequire(backend);
req('reflect-metadata');
const { Controller, Get, Module } = req('@nestjs/common');
const { NestFactory } = req('@nestjs/core');

class HelloController {
  hello() {
    return { hello: 'world' };
  }
}
Controller()(HelloController);
Reflect.decorate([Get('hello')], HelloController.prototype, 'hello', Object.getOwnPropertyDescriptor(HelloController.prototype, 'hello'));
class AppModule {}
Module({ controllers: [HelloController] })(AppModule);

NestFactory.create(AppModule, { logger: false }).then(async (app) => {
  await app.listen(Number(process.argv[2]), '127.0.0.1');
  console.log('listening');
});
