export * from './data-source-options';
export * from './migrations';
export * from './persistence.module';
export { TypeOrmModule, InjectRepository, InjectDataSource } from '@nestjs/typeorm';
