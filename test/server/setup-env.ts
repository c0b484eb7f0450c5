// Server tests run quietly and never touch the developer's ./data folder.
process.env.LOG_LEVEL ??= 'silent';
