import { DataSource } from 'typeorm';
import { READ_ENTITIES } from './entities';
import type { ReadSqlDatabase } from './sql';
import { sqlDatabaseDriver } from './typeorm-driver';

/**
 * The read models' TypeORM DataSource on the server's own database (PGlite or Postgres), through
 * the driver adapter. Its schema comes from the entities: `synchronize` creates or alters the
 * read_* tables (disposable: a projection is rebuilt from the log after its entity changed).
 */
export async function openReadDataSource(db: ReadSqlDatabase, options: { synchronize?: boolean } = {}): Promise<DataSource> {
  const dataSource = new DataSource({
    type: 'postgres',
    driver: sqlDatabaseDriver(db),
    entities: READ_ENTITIES,
    installExtensions: false,
    synchronize: false,
    logging: false,
  });
  await dataSource.initialize();
  if (options.synchronize ?? true) await dataSource.synchronize();
  return dataSource;
}
