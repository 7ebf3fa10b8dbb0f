import { DataTypes, type QueryInterface } from "sequelize";
import type { Migration } from "../migration.ts";

/**
 * Uploaded objects (avatars) kept in the database, so that every app server
 * behind a load balancer serves the same files (UPLOAD_STORAGE=database, the
 * default). An object is a header row plus its bytes in numbered chunks of at
 * most 256 KiB, written and read one chunk at a time: neither an upload nor a
 * download holds the whole file in memory. The header says `complete` only once
 * every chunk is in; incomplete objects are never served and are swept by
 * `cleanupUnusedUploads`. BLOB is a BLOB on SQLite and a BYTEA on PostgreSQL.
 */
export const storedObjects: Migration = {
  name: "0006-stored-objects",
  async up(qi: QueryInterface) {
    await qi.createTable("stored_objects", {
      id: { type: DataTypes.UUID, primaryKey: true, allowNull: false },
      contentType: { type: DataTypes.STRING(50), allowNull: false },
      size: { type: DataTypes.INTEGER, allowNull: false, defaultValue: 0 },
      complete: { type: DataTypes.BOOLEAN, allowNull: false, defaultValue: false },
      createdAt: { type: DataTypes.DATE, allowNull: false },
      updatedAt: { type: DataTypes.DATE, allowNull: false },
    });
    await qi.addIndex("stored_objects", ["createdAt"]);
    await qi.createTable("stored_object_chunks", {
      objectId: {
        type: DataTypes.UUID,
        primaryKey: true,
        allowNull: false,
        references: { model: "stored_objects", key: "id" },
        onDelete: "CASCADE",
      },
      seq: { type: DataTypes.INTEGER, primaryKey: true, allowNull: false },
      data: { type: DataTypes.BLOB, allowNull: false },
    });
  },
  async down(qi: QueryInterface) {
    await qi.dropTable("stored_object_chunks");
    await qi.dropTable("stored_objects");
  },
};
