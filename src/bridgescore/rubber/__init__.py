"""rubber"""
