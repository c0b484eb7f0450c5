import { DiskBlobStore } from './diskBlobStore';
import { PublicFileStore } from './fileStore';

/** The public files in one folder on local disk (the embedded default: `DATA_DIR/files`), served by /files/. */
export class LocalDiskStore extends PublicFileStore {
  private readonly disk: DiskBlobStore;

  constructor(root: string) {
    const disk = new DiskBlobStore(root);
    super(disk);
    this.disk = disk;
  }

  get root(): string {
    return this.disk.root;
  }

  /** The absolute path of a key, checked to stay inside the root. */
  pathOf(key: string): string {
    return this.disk.pathOf(key);
  }
}
